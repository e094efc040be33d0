export {
  type CircuitRowAnswer,
  CircuitRowAnswerSchema,
  type CircuitSavedAnswer,
  CircuitSavedAnswerSchema,
} from './answers'
export {
  type ChartRow,
  type CircuitStep,
  CRITERIA,
  type Criterion,
  checkChart,
  computeCircuit,
  DEFAULT_CRITERION,
  DOCUMENT_TYPES,
  type DocumentAttributes,
  type DocumentType,
  isDocumentType,
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
  checkDelegate,
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
export {
  type CircuitTurn,
  circuitTurn,
  NO_TURN,
  skipRefusal,
  skipStatusRefusal,
  turnRefusal,
} from './turn'
export {
  checkEmailDecision,
  type DocumentAtLink,
  EMAIL_DECISION_MODELS,
  EMAIL_DECISIONS,
  type EmailDecision,
  type EmailDecisionClaims,
  type EmailDecisionModel,
  emailDecisionExpiry,
  isEmailDecisionModel,
  waitingStepIndex,
} from './email-decision'
