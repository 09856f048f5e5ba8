export { OrderTable } from './order-table';
export type { Order, OrderTableProps } from './order-table';
