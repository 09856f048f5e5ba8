import type { Decorator, Preview } from '@storybook/react-vite';
import { isCommonAssetRequest } from 'msw';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { ThemeProvider } from '../src/theme';
import './storybook.css';
import { brandConfig } from './brands';

/** Wraps every story in the brand chosen in the toolbar (or by the story's globals). */
const withBrand: Decorator = (Story, context) => {
  const client = brandConfig(context.globals['brand']);
  return (
    <ThemeProvider theme={client.theme}>
      <div className="font-sans text-slate-900" data-brand={client.key}>
        <Story />
      </div>
    </ThemeProvider>
  );
};

/** What Storybook and Vite fetch for themselves (the addon's own list), never a story's call. */
const STORYBOOK_REQUEST =
  /\.eot$|\.mdx$|sb-common-assets|__webpack_hmr|iframe\.html|sb-vite|@vite|@react-refresh|\/virtual:|\.stories\./;

/** The calls of the running story that no handler answered. */
const unanswered: string[] = [];
/** The calls under way (MSW request ids), and when the last one started or ended. */
const pending = new Set<string>();
let lastCallActivity = 0;
/**
 * A handler that never answers on purpose (a story of a loading state) names its call in this
 * event on window; the story does not wait for that call to end (apps/review's testing/api-answers.ts).
 */
const ENDLESS_CALL_EVENT = 'story:endless-call';
globalThis.addEventListener(ENDLESS_CALL_EVENT, (event) => {
  if (event instanceof CustomEvent && typeof event.detail === 'string')
    pending.delete(event.detail);
});
/** A screen's effects may start calls just after the play function ends: quiet this long first. */
const QUIET_MS = 150;
const SETTLE_MS = 2000;

/** Resolves once no call has been under way for QUIET_MS, or after SETTLE_MS (a call that never ends is the story's own matter). */
async function callsSettled(): Promise<void> {
  const started = performance.now();
  lastCallActivity = Math.max(lastCallActivity, started);
  while (performance.now() - started < SETTLE_MS) {
    if (pending.size === 0 && performance.now() - lastCallActivity >= QUIET_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * MSW's service worker with `onUnhandledRequest: 'error'` for everything but Storybook's and
 * Vite's own files: a call no handler answers fails in the page, and the story fails after
 * its play function (afterEach below) instead of a warning in the console.
 */
async function startWorker() {
  const worker = setupWorker();
  await worker.start({
    quiet: true,
    onUnhandledRequest(request, print) {
      if (isCommonAssetRequest(request) || STORYBOOK_REQUEST.test(request.url)) return;
      unanswered.push(`${request.method} ${request.url}`);
      print.error();
    },
  });
  worker.events.on('request:start', ({ requestId }) => {
    pending.add(requestId);
    lastCallActivity = performance.now();
  });
  worker.events.on('request:end', ({ requestId }) => {
    pending.delete(requestId);
    lastCallActivity = performance.now();
  });
  return worker;
}

const preview: Preview = {
  decorators: [withBrand],
  // Starts MSW's service worker once, then gives each story the handlers of its
  // `parameters.msw` (the merchant centre's screens answer their API calls there).
  loaders: [mswLoader(startWorker)],
  beforeEach: () => {
    unanswered.length = 0;
    // A call of the story before that never ends (a Loading story's) is not this story's to wait for.
    pending.clear();
  },
  // The calls a story's screen made as its play function ended may still be on their way.
  afterEach: async () => {
    await callsSettled();
    if (unanswered.length > 0) throw new Error(`No MSW handler answered: ${unanswered.join(', ')}`);
  },
  globalTypes: {
    brand: {
      description: 'Brand theme',
      toolbar: {
        title: 'Brand',
        icon: 'paintbrush',
        dynamicTitle: true,
        items: [
          { value: 'uk', title: 'VoucherNest (UK)' },
          { value: 'us-promo', title: 'PromoPulse (US)' },
          { value: 'us-discount', title: 'DiscountDen (US)' },
        ],
      },
    },
  },
  initialGlobals: { brand: 'uk' },
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    a11y: {
      // Stories fail on serious and critical axe violations (checked in Chromium
      // by the ui-storybook Vitest project); lesser ones are reported in the panel.
      test: 'error',
      options: { impactLevels: ['serious', 'critical'] },
    },
  },
};

export default preview;
