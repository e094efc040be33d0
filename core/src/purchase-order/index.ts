export {
  allowedOrderActions,
  canManageOrder,
  canViewOrder,
  checkCanCreateOrder,
  isSupplierContactOf,
  ORDER_POLICY_ACTIONS,
  type OrderAccess,
  type OrderActor,
  type OrderPolicyAction,
  type OrderPolicyContext,
  orderBulkActionsFor,
  orderRowActions,
  readsEveryOrder,
  seesAllDocuments,
  seesInternals,
} from './access'
export {
  type AgreementOfferAnswer,
  AgreementOfferAnswerSchema,
  type OrderActionDoneAnswer,
  OrderActionDoneAnswerSchema,
  type OrderAnswer,
  OrderAnswerSchema,
  type OrderFormDataAnswer,
  OrderFormDataAnswerSchema,
  type OrderLineAnswer,
  OrderLineAnswerSchema,
  type OrderRowAnswer,
  OrderRowAnswerSchema,
} from './answers'
export { checkOrdersPerYear, checkSupplierCeilings, type SupplierLimits } from './ceilings'
export { ORDER_ACTION_LABELS } from './labels'
export { ORDER_LIST } from './list'
export {
  DeliveryAddressSchema,
  type OrderLineInput,
  OrderLineSchema,
  orderAmounts,
  type PurchaseOrderInput,
  PurchaseOrderInputSchema,
  SendOrderSchema,
} from './purchase-order.schema'
export {
  EDITABLE_STATUSES,
  LOCKED_STATUSES,
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderAction,
  type PurchaseOrderStatus,
  VALIDATED_STATUSES,
} from './status'
export {
  availableActions,
  checkEditable,
  isOrderEditable,
  newVersionOf,
  ORDER_TRANSITIONS,
  type OrderState,
  type TransitionContext,
  transition,
} from './transitions'
