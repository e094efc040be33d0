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
  UserCreateSchema,
} from './inputs'
export {
  PERMISSION_CODES,
  type PermissionCode,
  ROLE_CODES,
  type RoleCode,
  type UserInput,
  UserInputSchema,
} from './user.schema'
