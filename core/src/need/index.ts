export {
  checkNeedEditable,
  NEED_ACTIONS,
  NEED_RULES,
  NEED_STATUSES,
  type NeedAction,
  type NeedState,
  type NeedStatus,
  needActions,
  needTransition,
} from './need'
