export * from './headline';
export * from './offer-labels';
export * from './offer-types';
