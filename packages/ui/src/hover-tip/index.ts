export { HoverTip } from './hover-tip';
export type { HoverTipProps } from './hover-tip';
