export { capitalize } from './capitalize';
export { useAppForm } from './use-app-form';
export type { AppForm, FormSchema, UseAppFormOptions } from './use-app-form';
