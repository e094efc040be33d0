export { checkQuantityStep, surroundingSteps } from './step'
