import tailwindcss from '@tailwindcss/vite';
import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';

const config: StorybookConfig = {
  // The kit's stories, and the merchant centre's and the staff console's feature components
  // and whole screens (features/*/components, features/*/routes).
  stories: [
    '../src/**/*.stories.@(ts|tsx)',
    '../../merchant-centre/src/features/*/@(components|routes)/*.stories.@(ts|tsx)',
    '../../../apps/review/src/features/*/@(components|routes)/*.stories.@(ts|tsx)',
  ],
  // MSW's service worker (public/mockServiceWorker.js, from `msw init`), served at the root
  // by Storybook, its static build and the Vitest browser run alike.
  staticDirs: ['./public'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: (viteConfig) => mergeConfig(viteConfig, { plugins: [tailwindcss()] }),
};

export default config;
