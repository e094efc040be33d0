export {
  type BuyerAnswer,
  BuyerAnswerSchema,
  type CurrentUserAnswer,
  CurrentUserAnswerSchema,
  type NotificationChoiceAnswer,
  NotificationChoiceAnswerSchema,
  type PickedUserAnswer,
  PickedUserAnswerSchema,
  SignedInAnswerSchema,
  type UserCreateFormAnswer,
  UserCreateFormAnswerSchema,
  type UserPermissionsAnswer,
  UserPermissionsAnswerSchema,
  type UserPreferencesAnswer,
  UserPreferencesAnswerSchema,
  type UserProfileAnswer,
  UserProfileAnswerSchema,
  type UserRowAnswer,
  UserRowAnswerSchema,
  type UsersUpdatedAnswer,
  UsersUpdatedAnswerSchema,
} from './answers'
export {
  AUTHORIZATION_DIMENSIONS,
  type AuthorizationDimension,
  BulkActionSchema,
  CurrencyChangeSchema,
  LanguageChangeSchema,
  PasswordChangeSchema,
  PermissionsInputSchema,
  PreferencesInputSchema,
  PriceDisplaySchema,
  ProfileInputSchema,
  RolePermissionsSchema,
  UserCreateSchema,
} from './inputs'
export { USER_LIST } from './list'
export { ROLE_LABELS, roleLabel } from './role-labels'
export {
  PERMISSION_CODES,
  type PermissionCode,
  ROLE_CODES,
  type RoleCode,
  type UserInput,
  UserInputSchema,
} from './user.schema'
export { isProtectedUser, USER_CSV_COLUMNS, USER_CSV_FLAGS } from './user-csv'
