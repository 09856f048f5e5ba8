import { chromiumLaunchOptions } from '@cc/chromium';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import tailwindcss from '@tailwindcss/vite';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const dir = fileURLToPath(new URL('.', import.meta.url));

/** Debian's Chromium; Playwright's own browser downloads are not used. */

/**
 * Every story as a test in real Chromium: it must render, its play function must
 * pass, and axe must find no serious or critical violation (.storybook/preview.tsx).
 */
export default defineConfig({
  plugins: [tailwindcss(), storybookTest({ configDir: `${dir}.storybook` })],
  test: {
    name: 'ui-storybook',
    root: dir,
    setupFiles: ['./.storybook/vitest.setup.ts'],
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: chromiumLaunchOptions,
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
