/** What the budget screens read from the API. */
import type { BudgetAnswer, BudgetFormDataAnswer } from '@procura/core/budget'

export type Budget = BudgetAnswer

export type FormData_ = BudgetFormDataAnswer
