// @ts-check
// Pictures of every Storybook story in every brand theme, from the built Storybook
// (packages/ui/storybook-static, `pnpm run build`), in Chromium at a fixed size, time and
// motion: the same story renders the same pixels on every run.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import sirv from 'sirv';
import { chromiumLaunchOptions } from '@cc/chromium';

/** The brand themes of the Storybook toolbar (packages/ui/.storybook/brands.ts). */
export const BRANDS = ['uk', 'us-promo', 'us-discount'];
/** Every picture is taken at this time, so dates relative to now always read the same. */
export const FIXED_TIME = Date.parse('2026-06-15T10:00:00Z');
export const VIEWPORT = { width: 1024, height: 720 };
/** A story not drawn within this time is reported as such (its play function hangs, or it threw). */
const STORY_TIMEOUT_MS = 20_000;
const STILL_CSS =
  '*, *::before, *::after { animation: none !important; transition: none !important; }';

/**
 * The stories of the built Storybook's index, without those tagged `no-visual`: a story whose
 * picture cannot be steady, such as a live clock (none today).
 * @param {string} staticDir
 * @returns {{ id: string, title: string, name: string }[]}
 */
export function storiesOf(staticDir) {
  /** @type {{ entries: Record<string, { type: string, id: string, title: string, name: string, tags?: string[] }> }} */
  const index = JSON.parse(readFileSync(join(staticDir, 'index.json'), 'utf8'));
  return Object.values(index.entries)
    .filter((entry) => entry.type === 'story' && !(entry.tags ?? []).includes('no-visual'))
    .map(({ id, title, name }) => ({ id, title, name }));
}

/**
 * Serves `staticDir` on a free port of 127.0.0.1.
 * @param {string} staticDir
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>}
 */
async function serve(staticDir) {
  const handler = sirv(staticDir, { dev: false, etag: true });
  const server = createServer((request, response) =>
    handler(request, response, () => {
      response.writeHead(404).end();
    }),
  );
  await new Promise((listening) => server.listen(0, '127.0.0.1', () => listening(null)));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the Storybook server has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

/**
 * Asks the preview in `page` to draw story `id` in `brand` and waits until it has finished (its
 * play function included). `current` is the story the preview shows now: for that one a changed
 * global makes it draw again (`setCurrentStory` with the same story does nothing), or, with
 * `remount`, Storybook's `forceRemount` (the story shown now, drawn again in the same brand).
 * @param {import('@playwright/test').Page} page
 * @param {{ id: string, brand: string, current: string, render: number, remount: boolean }} target
 * @returns {Promise<{ ok: boolean, message?: string }>}
 */
function draw(page, target) {
  return page.evaluate(
    ({ id, brand, current, render, remount, timeout }) =>
      new Promise((resolve) => {
        const channel = /** @type {any} */ (window).__STORYBOOK_ADDONS_CHANNEL__;
        const done = (/** @type {{ ok: boolean, message?: string }} */ result) => {
          clearTimeout(timer);
          for (const [event, listener] of listeners) channel.off(event, listener);
          resolve(result);
        };
        /** @type {[string, (...args: any[]) => void][]} */
        const listeners = [
          [
            'storyFinished',
            (/** @type {{ storyId: string, status: string }} */ event) =>
              event.storyId === id &&
              done({
                ok: event.status !== 'error',
                message: `finished with status ${event.status}`,
              }),
          ],
          [
            'storyErrored',
            (/** @type {{ title?: string }} */ error) =>
              done({ ok: false, message: `errored: ${error?.title ?? ''}` }),
          ],
          [
            'storyThrewException',
            (/** @type {{ message?: string }} */ error) =>
              done({ ok: false, message: `threw: ${error?.message ?? ''}` }),
          ],
          ['storyMissing', () => done({ ok: false, message: 'missing' })],
        ];
        const timer = setTimeout(
          () => done({ ok: false, message: `not drawn within ${timeout / 1000} s` }),
          timeout,
        );
        for (const [event, listener] of listeners) channel.on(event, listener);
        // axe runs in the story tests; a picture needs only the drawing. `visualRender` changes
        // the globals, so the story shown now draws again when it is the one asked for. Drawn
        // again in the same brand, the story is mounted afresh and plays again: what its first
        // drawing left in its components (a toast, which with animations stopped never closes)
        // goes with them.
        if (id === current && remount) channel.emit('forceRemount', { storyId: id });
        else {
          const globals = {
            brand,
            a11y: { manual: true },
            ...(id === current ? { visualRender: render } : {}),
          };
          channel.emit('updateGlobals', { globals });
          if (id !== current) channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
        }
      }),
    { ...target, timeout: STORY_TIMEOUT_MS },
  );
}

/**
 * The picture of the story `page` shows once its fonts are in, in the brand it shows (a story may
 * pin its own), or null when the preview shows an error over it, before or as it was taken.
 * @param {import('@playwright/test').Page} page
 * @param {string} brand the brand asked for
 * @returns {Promise<{ brand: string, png: Buffer } | null>}
 */
async function take(page, brand) {
  const errorShown = () =>
    page.evaluate(() => document.body.classList.contains('sb-show-errordisplay'));
  // A button or link the story pressed keeps its focus ring or loses it (a button disabled while
  // its call runs gives its focus up) by how fast the call answered: pictures show it without.
  // Keyboard-drag handles (aria-roledescription) keep theirs, since leaving one ends the drag.
  await page.evaluate(() => {
    const active = document.activeElement;
    if (
      active instanceof HTMLElement &&
      active.matches('button:not([aria-roledescription]), a[href]')
    )
      active.blur();
  });
  // A whole-page picture draws fixed elements (a toast) where they stand in the window: at the
  // top of the page, whatever the story scrolled to (a focused field, a pressed button).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() =>
    document.fonts.ready.then(
      () => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))),
    ),
  );
  if (await errorShown()) return null;
  const shown = await page.evaluate(
    () => document.querySelector('[data-brand]')?.getAttribute('data-brand') ?? '',
  );
  const png = await page.screenshot({ caret: 'hide', fullPage: true, animations: 'disabled' });
  if (await errorShown()) return null;
  return { brand: BRANDS.includes(shown) ? shown : brand, png };
}

/**
 * Renders each story in each brand theme and hands its picture to `onPicture`. A story that
 * pins its own brand (its `globals`) is drawn once, under that brand. Two pages share the work.
 * When `isAsAccepted` is given, a picture it refuses is drawn again up to twice (`redraws`).
 * @param {{ staticDir: string, stories: { id: string }[], onPicture: (picture: { id: string, brand: string, png: Buffer, redraws: number }) => void, onError: (failure: { id: string, brand: string, message: string }) => void, isAsAccepted?: (picture: { id: string, brand: string, png: Buffer }) => boolean }} options
 */
export async function captureStories({ staticDir, stories, onPicture, onError, isAsAccepted }) {
  const server = await serve(staticDir);
  const browser = await chromium.launch({ ...chromiumLaunchOptions });
  /** @type {Set<string>} brand/id already drawn */
  const drawn = new Set();
  const queue = BRANDS.flatMap((brand) => stories.map((story) => ({ id: story.id, brand })));
  const total = queue.length;
  const started = Date.now();
  let done = 0;
  /**
   * One page drawing its own share of the pictures, every other one of the queue, always in the
   * same order: what a story leaves behind in the page (the focus, the pointer or keyboard last
   * used) is then the same on every run for the story drawn after it.
   */
  const worker = async (/** @type {number} */ share) => {
    const mine = queue.filter((_, index) => index % 2 === share);
    const context = await browser.newContext({
      viewport: VIEWPORT,
      deviceScaleFactor: 1,
      reducedMotion: 'reduce',
      colorScheme: 'light',
      locale: 'en-GB',
      timezoneId: 'UTC',
    });
    const page = await context.newPage();
    // The page's Date stands at FIXED_TIME (timers and performance.now keep running: Playwright's
    // own fixed clock keeps MSW's service worker from taking the page over).
    await page.addInitScript((fixed) => {
      const RealDate = Date;
      class FixedDate extends RealDate {
        /** @param {any[]} args */
        constructor(...args) {
          if (args.length === 0) super(fixed);
          // @ts-expect-error Date takes one to seven arguments, as given.
          else super(...args);
        }
        /** @override */
        static now() {
          return fixed;
        }
      }
      globalThis.Date = /** @type {DateConstructor} */ (FixedDate);
    }, FIXED_TIME);
    // A story's form or link that nothing handled would leave the preview (a native submit or
    // link); the picture is of the story, so such a navigation is stopped.
    await page.addInitScript(() => {
      const stay = (/** @type {Event} */ event) => {
        if (!event.defaultPrevented) event.preventDefault();
      };
      window.addEventListener('submit', stay);
      window.addEventListener('click', (event) => {
        if (event.target instanceof Element && event.target.closest('a[href]')) stay(event);
      });
    });
    // Animations and transitions stand still at their end (a spinner at rest, a focus ring drawn
    // whole), on every load of the preview, MSW's reloads included.
    await page.addInitScript((css) => {
      const still = () => {
        const style = document.createElement('style');
        style.textContent = css;
        document.head.append(style);
      };
      if (document.head) still();
      else document.addEventListener('DOMContentLoaded', still, { once: true });
    }, STILL_CSS);
    let current = '';
    let render = 0;
    /** Loads the preview showing story `id` (again after a story navigated the page away). */
    const open = async (/** @type {string} */ id) => {
      await page.goto(`${server.origin}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story`);
      await page.waitForFunction(() =>
        Boolean(/** @type {any} */ (window).__STORYBOOK_ADDONS_CHANNEL__),
      );
      current = id;
    };
    for (const next of mine) {
      const { id, brand } = next;
      if (drawn.has(`${brand}/${id}`)) continue;
      if (!current) await open(id);
      /** @type {{ ok: boolean, message?: string }} */
      let outcome = { ok: false, message: 'not drawn' };
      /** @type {{ brand: string, png: Buffer } | null} */
      let picture = null;
      let redraws = 0;
      for (let attempt = 1; attempt <= 3 && !picture; attempt += 1) {
        try {
          outcome = await draw(page, {
            id,
            brand,
            current,
            render: ++render,
            remount: redraws > 0,
          });
          current = id;
          // A story can fail once from the one before it (a late call of the screen shown
          // before, which the preview then shows as an error); drawn again alone it must pass.
          if (outcome.ok) picture = await take(page, brand);
          if (outcome.ok && !picture)
            outcome = { ok: false, message: 'the preview showed an error over the story' };
          // A picture unlike the accepted one is drawn again, up to twice: a difference that
          // stays on every drawing is the story's, one that goes was the page's state.
          if (
            picture &&
            isAsAccepted &&
            !isAsAccepted({ id, brand: picture.brand, png: picture.png }) &&
            redraws < 2
          ) {
            redraws += 1;
            attempt -= 1;
            picture = null;
            continue;
          }
        } catch (error) {
          // The preview reloaded under the story (MSW reloads a page its service worker does not
          // control yet): load the story afresh and draw it again.
          outcome = {
            ok: false,
            message: `the preview was lost (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
          };
          await page.waitForLoadState('load').catch(() => undefined);
          await open(id).catch(() => undefined);
        }
      }
      current = id;
      done += 1;
      if (done % 100 === 0)
        console.log(`  ${done} of ${total} drawn (${Math.round((Date.now() - started) / 1000)} s)`);
      if (!picture) {
        onError({ id, brand, message: outcome.message ?? 'failed' });
        continue;
      }
      if (drawn.has(`${picture.brand}/${id}`)) continue;
      drawn.add(`${picture.brand}/${id}`);
      onPicture({ id, brand: picture.brand, png: picture.png, redraws });
    }
    await context.close();
  };
  try {
    await Promise.all([worker(0), worker(1)]);
  } finally {
    await browser.close();
    await server.close();
  }
}
