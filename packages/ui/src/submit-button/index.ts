export { SubmitButton } from './submit-button';
export type { SubmitButtonProps } from './submit-button';
