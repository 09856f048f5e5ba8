export * from './body-rules';
export * from './definitions';
export * from './field-rules';
