export { capitalize } from './capitalize';
export { useAppForm } from './use-app-form';
export type { AppForm, UseAppFormOptions } from './use-app-form';
