export {
  describePaymentTerm,
  dueDate,
  PAYMENT_TYPES,
  type PaymentTerm,
  PaymentTermSchema,
  type PaymentType,
} from './payment-term'
