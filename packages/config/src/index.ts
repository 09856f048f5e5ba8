export * from './clients';
export * from './currency';
export * from './limits';
export * from './slug';
export type * from './types';
