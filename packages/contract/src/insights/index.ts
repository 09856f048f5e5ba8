export * from './figures';
export * from './schema';
