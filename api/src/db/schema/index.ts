export { companies, departments } from './organisation'
export { currencies, languages, settings } from './settings'
export { traces } from './traces'
export { permissions, rolePermissions, roles, sessions, userPermissions, users } from './users'
