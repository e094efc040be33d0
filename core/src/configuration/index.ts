export { CONFIGURATION_SCREENS, type ConfigurationPage, configurationPage } from './configuration-page'
