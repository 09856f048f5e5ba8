/** Time as the server sees it; tests pass a clock they can move instead of sleeping. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** yyyy-MM-dd of a moment, in UTC. */
export function isoDate(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}
