import { LRUCache } from 'lru-cache';

/**
 * What a per-instance cache tells /metrics: lookups it answered (hits) and could not
 * (misses), entries and estimated bytes held, its byte budget, and entries it let go
 * to stay within that budget (evictions).
 */
export type CacheStats = {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
  budgetBytes: number;
  evictions: number;
};

/** This instance's caches by the name /metrics gives them. */
export type CacheRegistry = {
  add: (name: string, stats: () => CacheStats) => void;
  stats: () => Record<string, CacheStats>;
};

export function cacheRegistry(): CacheRegistry {
  const caches = new Map<string, () => CacheStats>();
  return {
    add: (name, stats) => void caches.set(name, stats),
    stats: () => Object.fromEntries([...caches].map(([name, stats]) => [name, stats()])),
  };
}

/** Per string: a header and two bytes a character, so text outside Latin-1 is not under-counted. */
const stringBytes = (text: string) => 16 + 2 * text.length;

/**
 * What a value holds in memory, estimated by walking it (strings, numbers, arrays, plain
 * objects, Maps, Dates, Buffers); it errs high, so a budget is not overrun by more than
 * the walk's rounding. Shared references are counted once. The walk stops once past `limit`
 * (a value larger than a cache's budget is not kept, however much larger).
 */
export function estimateBytes(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  const seen = new Set<object>();
  const pending: unknown[] = [value];
  let bytes = 0;
  while (pending.length > 0 && bytes <= limit) {
    const next = pending.pop();
    if (typeof next === 'string') bytes += stringBytes(next);
    else if (typeof next === 'number' || typeof next === 'bigint') bytes += 16;
    else if (typeof next !== 'object' || next === null || seen.has(next)) bytes += 0;
    else {
      seen.add(next);
      if (next instanceof Date) bytes += 48;
      else if (ArrayBuffer.isView(next)) bytes += 96 + next.byteLength;
      else if (next instanceof Map) {
        bytes += 64 + 32 * next.size;
        for (const [key, item] of next as Map<unknown, unknown>) pending.push(key, item);
      } else if (Array.isArray(next)) {
        bytes += 32 + 8 * next.length;
        for (const item of next as unknown[]) pending.push(item);
      } else {
        const entries: unknown[] = Object.values(next as Record<string, unknown>);
        bytes += 32 + 16 * entries.length;
        for (const item of entries) pending.push(item);
      }
    }
  }
  return bytes;
}

export type BoundedCacheOptions<K, V> = {
  /** Bytes the entries may hold together (estimated); 0 keeps nothing. */
  budgetBytes: number;
  /** An entry's bytes; by default estimateBytes of its key and value. */
  sizeOf?: (value: V, key: K) => number;
  /** The group an entry belongs to (a store id), so `deleteGroup` finds its entries without a scan. */
  groupOf?: (value: V, key: K) => number;
};

/**
 * A least-recently-used map within a byte budget (lru-cache's maxSize), counting its hits,
 * misses and evictions. Only ever a copy: a caller that misses reads the truth, so any
 * budget, 0 included, gives the same answers.
 */
export function boundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  options: BoundedCacheOptions<K, V>,
) {
  const { budgetBytes, groupOf } = options;
  const sizeOf =
    options.sizeOf ??
    ((value: V, key: K) => estimateBytes(key) + estimateBytes(value, budgetBytes));
  const counts = { hits: 0, misses: 0, evictions: 0 };
  const groups = new Map<number, Set<K>>();

  const leaveGroup = (value: V, key: K) => {
    if (!groupOf) return;
    const group = groupOf(value, key);
    const members = groups.get(group);
    members?.delete(key);
    if (members?.size === 0) groups.delete(group);
  };
  const entries = new LRUCache<K, V>({
    maxSize: Math.max(1, Math.floor(budgetBytes)),
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value, key))),
    dispose: (value, key, reason) => {
      if (reason === 'evict') counts.evictions += 1;
      leaveGroup(value, key);
    },
  });

  return {
    /** The entry, counted as a hit, or undefined, counted as a miss. */
    get(key: K): V | undefined {
      const value = entries.get(key);
      counts[value === undefined ? 'misses' : 'hits'] += 1;
      return value;
    },
    /** The entry without counting a lookup or refreshing its recency. */
    peek: (key: K): V | undefined => entries.peek(key),
    /** The entry, now the most recently used, without counting a lookup (a fast path that counts elsewhere). */
    touch: (key: K): V | undefined => entries.get(key),
    has: (key: K): boolean => entries.has(key),
    /** Counts a lookup answered elsewhere (a cache that is off misses without looking). */
    count: (hit: boolean): void => void (counts[hit ? 'hits' : 'misses'] += 1),
    /** Keeps the entry if it fits the budget, letting the least recently used go as needed. */
    set(key: K, value: V): void {
      if (budgetBytes <= 0) return;
      entries.set(key, value);
      if (!groupOf || !entries.has(key)) return;
      const group = groupOf(value, key);
      const members = groups.get(group) ?? new Set<K>();
      members.add(key);
      groups.set(group, members);
    },
    delete: (key: K): void => void entries.delete(key),
    /** Forgets every entry of one group. */
    deleteGroup(group: number): void {
      for (const key of [...(groups.get(group) ?? [])]) entries.delete(key);
    },
    clear: (): void => entries.clear(),
    keys: (): K[] => [...entries.keys()],
    get size(): number {
      return entries.size;
    },
    stats: (): CacheStats => ({
      ...counts,
      entries: entries.size,
      bytes: entries.calculatedSize,
      budgetBytes,
    }),
  };
}
export type BoundedCache<
  K extends NonNullable<unknown>,
  V extends NonNullable<unknown>,
> = ReturnType<typeof boundedCache<K, V>>;
