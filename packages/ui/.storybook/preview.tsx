import type { Decorator, Preview } from '@storybook/react-vite';
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

const preview: Preview = {
  decorators: [withBrand],
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
