export {
  SETTING_GROUPS,
  type SettingField,
  type SettingGroup,
  settingFields,
  settingsGroupSchema,
} from './fields'
export {
  MAINTENANCE_OFF,
  type Maintenance,
  MaintenanceSchema,
  type ServerMessage,
  ServerMessageSchema,
} from './maintenance'
export { checkCompanyAllowed, checkModulesChange, MODULE_EFFECTS, type Modules } from './modules'
export {
  DEFAULT_SETTINGS,
  filePolicyOf,
  MODULES,
  type ModuleName,
  passwordPolicyOf,
  REQUIRABLE_DELIVERY_FIELDS,
  REQUIRABLE_NEED_FIELDS,
  REQUIRABLE_ORDER_FIELDS,
  type Settings,
  SettingsSchema,
} from './settings.schema'
