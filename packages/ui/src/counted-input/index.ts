export { CountedInput, charactersLeftText } from './counted-input';
export type { CountedInputProps } from './counted-input';
