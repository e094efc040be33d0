export {
  budgetDisagreements,
  countDisagreements,
  type Disagreement,
  ORDER_LINE_SUMS,
  orderDisagreements,
} from './data-check'
