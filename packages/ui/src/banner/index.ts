export { Banner } from './banner';
export type { BannerProps, BannerVariant } from './banner';
