let canDraw: boolean | undefined;

/** Whether this browser draws on a canvas (a test DOM does not; the table still carries the figures). */
export function canDrawCharts(): boolean {
  canDraw ??=
    typeof document !== 'undefined' && document.createElement('canvas').getContext('2d') !== null;
  return canDraw;
}
