export {
  checkBillingLimit,
  checkDeliveryDeviations,
  checkInvoiceBilling,
  type DeviationLimits,
  deviationPercent,
  isUnlimited,
  NO_LIMIT,
} from './deviation'
