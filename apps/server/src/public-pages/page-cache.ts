import { boundedCache } from '../core/cache/bounded-cache';
import type { EncodedText } from './encoding';

/** A page's encodings and status, and for a store's live page the ids of the coupons it shows (what a view counts). */
export type RenderedPage = EncodedText & { status: 200 | 404; couponIds?: readonly number[] };

/** A page's bytes in memory: its encodings (br and gzip; identity is made from gzip when asked for) and its ETag. */
const pageBytes = (page: RenderedPage) =>
  256 +
  (page.couponIds?.length ?? 0) * 8 +
  page.etag.length * 2 +
  (page.bodies.identity?.byteLength ?? 0) +
  page.bodies.br.byteLength +
  page.bodies.gzip.byteLength;

/**
 * Rendered, pre-compressed pages within a byte budget: one per slot (a store's page, a
 * brand's 404 of the day), each under the version it was rendered for, least recently used
 * first out. A page asked for while it renders is shared with that render; a version the
 * slot does not hold is rendered again. Only a copy: the version comes from the database,
 * so a page is never served for content it was not rendered from.
 */
export function renderedPageCache(budgetBytes: number) {
  const pages = boundedCache<string, { version: string; page: RenderedPage }>({
    budgetBytes,
    sizeOf: (entry, slot) => pageBytes(entry.page) + (slot.length + entry.version.length) * 2,
  });
  /** Renders under way, so concurrent requests for one page render it once (not a cache: each goes when it settles). */
  const rendering = new Map<string, { version: string; page: Promise<RenderedPage | undefined> }>();

  return {
    /** The page of `slot` at `version`: held (a hit), being rendered (shared, a hit), or rendered now (a miss). */
    page(
      slot: string,
      version: string,
      render: () => Promise<RenderedPage | undefined>,
    ): Promise<RenderedPage | undefined> {
      const held = pages.peek(slot);
      if (held?.version === version) {
        pages.get(slot);
        return Promise.resolve(held.page);
      }
      const pending = rendering.get(slot);
      if (pending?.version === version) {
        pages.count(true);
        return pending.page;
      }
      pages.count(false);
      const entry = { version, page: render() };
      rendering.set(slot, entry);
      entry.page.then(
        (done) => {
          if (rendering.get(slot) !== entry) return;
          rendering.delete(slot);
          if (done) pages.set(slot, { version, page: done });
        },
        () => {
          if (rendering.get(slot) === entry) rendering.delete(slot);
        },
      );
      return entry.page;
    },
    /** The page of `slot` at `version` when already rendered (a hit), else undefined without counting. */
    ready(slot: string, version: string): RenderedPage | undefined {
      const held = pages.peek(slot);
      if (held?.version !== version) return undefined;
      pages.get(slot);
      return held.page;
    },
    /** Forgets the slot, and a render of it under way. */
    drop(slot: string): void {
      pages.delete(slot);
      rendering.delete(slot);
    },
    stats: pages.stats,
  };
}
export type RenderedPageCache = ReturnType<typeof renderedPageCache>;
