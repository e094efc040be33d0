export {
  type ChartRow,
  type CircuitStep,
  CRITERIA,
  type Criterion,
  checkChart,
  computeCircuit,
  DEFAULT_CRITERION,
  type DocumentAttributes,
  planCircuit,
} from './chart'
export { CIRCUIT_CSV_COLUMNS, criteriaCell, readCriteriaCell } from './csv'
export {
  ChartInputSchema,
  ChartRowInputSchema,
  CircuitTestSchema,
  DelegationInputSchema,
  RefusalSchema,
} from './inputs'
export {
  type Actor as CircuitActor,
  actsForItself,
  type CircuitState,
  canSkip,
  currentStep,
  type Delegation,
  type DocumentForValidation,
  isComplete,
  isRefused,
  refusalOf,
  refuseStep,
  resetCircuit,
  type StepState,
  skipStep,
  startCircuit,
  validateStep,
  waitingOn,
} from './runtime'
