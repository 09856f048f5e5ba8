// @ts-check
// Mutation testing of this package's rule modules: run `pnpm mutation` at the root (docs/testing.md).
import { strykerOptions } from '../../scripts/mutation/stryker-options.mjs';

export default strykerOptions('apps/server');
