/** Time as the server sees it; tests pass a clock they can move instead of sleeping. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** yyyy-MM-dd of a moment, in UTC. */
export function isoDate(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day `days` after `day` (yyyy-MM-dd); a negative count goes back. */
export function addDays(day: string, days: number): string {
  return isoDate(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Whole UTC days from `from` to `to` (yyyy-MM-dd), negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
