export {
  type Audience,
  isFinance,
  isPurchasing,
  isSupplierContact,
  mayCallApi,
  SUPPLIER_CONTACT_ROLE,
} from './audience'
export { type DutyActor, FINANCE_DUTIES, hasDuty, hasFinanceDuty } from './duties'
export { API_SCOPES, ApiTokenInputSchema, ForgotSchema, ResetSchema } from './inputs'
export {
  INVITATION_LINK_DAYS,
  type LoginInput,
  LoginInputSchema,
  REMEMBER_DAYS,
  RESET_LINK_MINUTES,
  SESSION_HOURS,
  safeRedirect,
  sessionExpiry,
  userNamedBy,
  wantsRemember,
} from './login'
export { type MenuItem, mainMenu } from './menu'
export {
  type Actor,
  allowedUserActions,
  can,
  checkCanEditUser,
  checkCanImpersonate,
  checkCanListUsers,
  checkCanManageUsers,
  checkSelfDeactivation,
  checkUserBulkAction,
  type ImpersonationTarget,
  requiresCurrentPassword,
  USER_BULK_ACTIONS,
  USER_POLICY_ACTIONS,
  type UserBulkAction,
  type UserRowAction,
  userActionLabel,
  userRowActions,
} from './permissions'
export {
  checkRolePermissionsChange,
  type PermissionHolders,
  type RolePermissionsChange,
} from './role-permissions'
export { type SsoClaims, type SsoIdentity, ssoIdentity, ssoOutcome } from './sso'
export {
  afterFailure,
  DEFAULT_THROTTLE,
  lockedFor,
  type ThrottlePolicy,
  type ThrottleState,
  throttleKey,
} from './throttle'
