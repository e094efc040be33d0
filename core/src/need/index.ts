export {
  allowedNeedActions,
  canViewNeed,
  NEED_POLICY_ACTIONS,
  type NeedAccess,
  type NeedPolicyAction,
  type NeedPolicyContext,
  needBulkActionsFor,
  needRowActions,
} from './access'
export {
  type NeedAnswer,
  NeedAnswerSchema,
  NeedLineAnswerSchema,
  type NeedRowAnswer,
  NeedRowAnswerSchema,
  type NeedsTransformedAnswer,
  NeedsTransformedAnswerSchema,
  RefusalAnswerSchema,
} from './answers'
export { NEED_ACTION_LABELS } from './labels'
export { NEED_LIST } from './list'
export {
  checkMerge,
  isNeedEditable,
  NEED_ACTIONS,
  NEED_EDITABLE_STATUSES,
  NEED_STAGES,
  NEED_STATUSES,
  NEED_TRANSITIONS,
  type NeedAction,
  type NeedContext,
  type NeedStage,
  type NeedState,
  type NeedStatus,
  needActions,
  needStage,
  needTransition,
} from './need'
export {
  MergeNeedsSchema,
  type NeedInput,
  NeedInputSchema,
  NeedLineSchema,
  TransformNeedsSchema,
} from './need.schema'
export {
  type OrderDraft,
  ordersFromNeeds,
  proposedSupplier,
  TRANSFORMABLE,
  type TransformLine,
} from './transform'
