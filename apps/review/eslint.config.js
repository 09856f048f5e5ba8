import { config } from '@cc/eslint-config';
import { layers } from '@cc/eslint-config/layers';

export default [
  ...config({ tsconfigRootDir: import.meta.dirname, react: true }),
  layers({ root: import.meta.dirname, lower: ['lib', 'components'] }),
];
