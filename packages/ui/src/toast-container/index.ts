export { toast } from 'react-toastify';
export { ToastContainer } from './toast-container';
export type { ToastContainerProps } from './toast-container';
