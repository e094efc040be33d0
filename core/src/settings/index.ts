export { MAINTENANCE_OFF, type Maintenance, MaintenanceSchema } from './maintenance'
export {
  DEFAULT_SETTINGS,
  MODULES,
  type ModuleName,
  type Settings,
  SettingsSchema,
} from './settings.schema'
