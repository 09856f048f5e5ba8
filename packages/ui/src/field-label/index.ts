export { FieldLabel } from './field-label';
export type { FieldLabelProps } from './field-label';
