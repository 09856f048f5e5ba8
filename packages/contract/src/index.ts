export * from './auth';
export * from './billing';
export * from './common';
export * from './coupons';
export * from './messages';
export * from './review';
export * from './stores';
export * from './uploads';
export type { Static } from 'typebox';
