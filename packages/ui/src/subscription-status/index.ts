export { SubscriptionStatus, statusText, statusTone } from './subscription-status';
export type {
  StatusTone,
  SubscriptionStatusProps,
  SubscriptionStatusValue,
} from './subscription-status';
