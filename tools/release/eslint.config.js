import { config } from '@cc/eslint-config';

export default config({ tsconfigRootDir: import.meta.dirname });
