export { frequencyRate, type SafetyFigures, safetyRates, severityRate } from './rates'
