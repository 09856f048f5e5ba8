export { Select } from './select';
export type { MultiSelectProps, SelectProps, SingleSelectProps } from './select-props';
export { displayText, listMaxHeight } from './select-logic';
export type { SelectOption, SelectSize } from './select-logic';
