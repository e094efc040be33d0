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
export { ChartInputSchema, ChartRowInputSchema, CircuitTestSchema, DelegationInputSchema } from './inputs'
export {
  type Actor as CircuitActor,
  type CircuitState,
  canSkip,
  currentStep,
  type Delegation,
  type DocumentForValidation,
  isComplete,
  isRefused,
  refuseStep,
  resetCircuit,
  type StepState,
  skipStep,
  startCircuit,
  validateStep,
  waitingOn,
} from './runtime'
