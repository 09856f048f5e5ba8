import { configure } from 'storybook/test';

// The stories' play functions wait for screens that load through MSW and lazy chunks; on a
// busy machine the first render of a story can take longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5000 });
