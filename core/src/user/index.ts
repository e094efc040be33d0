export {
  PERMISSION_CODES,
  type PermissionCode,
  ROLE_CODES,
  type RoleCode,
  type UserInput,
  UserInputSchema,
} from './user.schema'
