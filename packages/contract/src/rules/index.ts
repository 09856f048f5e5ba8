export * from './cases';
export * from './field-rules';
