export { LoadingButton } from './loading-button';
export type { LoadingButtonProps } from './loading-button';
