import { SELECT_HEIGHTS } from '@cc/config';

export type SelectOption = { label: string; value: string };

/** Index into SELECT_HEIGHTS: 0 to 11. */
export type SelectSize = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;

/** The list's maximum height for a size step; 'full' (size 11) shows every option. */
export function listMaxHeight(size: SelectSize | undefined): string | undefined {
  if (size === undefined) return undefined;
  const height = SELECT_HEIGHTS[size];
  return height === 'full' ? 'none' : `${height}px`;
}

/** What the closed select shows: the chosen label(s), 'N items selected', or the placeholder. */
export function displayText(
  options: readonly SelectOption[],
  chosen: readonly string[],
  placeholder: string,
): string {
  if (chosen.length > 1) return `${chosen.length} items selected`;
  const first = chosen[0];
  if (first === undefined) return placeholder;
  return options.find((option) => option.value === first)?.label ?? placeholder;
}

export function selectAllLabel(
  options: readonly SelectOption[],
  chosen: readonly string[],
): string {
  return isAllSelected(options, chosen) ? 'Unselect All' : 'Select all';
}

export function isAllSelected(
  options: readonly SelectOption[],
  chosen: readonly string[],
): boolean {
  return options.length > 0 && options.every((option) => chosen.includes(option.value));
}

/**
 * Type-ahead: the next option whose label starts with `query`, searching from
 * `from` and wrapping. A query of one repeated letter cycles through the options
 * starting with that letter.
 */
export function findByPrefix(
  options: readonly SelectOption[],
  query: string,
  from: number,
): number {
  const lower = query.toLowerCase();
  const isRepeat = lower.length > 1 && [...lower].every((char) => char === lower[0]);
  const needle = isRepeat ? lower.slice(0, 1) : lower;
  const start = needle.length === 1 ? from + 1 : from;
  for (let step = 0; step < options.length; step += 1) {
    const index = (((start + step) % options.length) + options.length) % options.length;
    if (options[index]?.label.toLowerCase().startsWith(needle)) return index;
  }
  return -1;
}
