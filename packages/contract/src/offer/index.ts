export * from './headline';
export * from './offer';
export * from './offer-labels';
export * from './offer-types';
