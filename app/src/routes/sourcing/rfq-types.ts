import type { OrderFormDataAnswer } from '@procura/core/purchase-order'
import type {
  RfqAnswer,
  RfqCellAnswer,
  RfqComparisonAnswer,
  RfqInvitedAnswer,
  RfqRowAnswer,
} from '@procura/core/sourcing'
export type Row = RfqRowAnswer
export type Invited = RfqInvitedAnswer
export type Rfq = RfqAnswer
export type Cell = RfqCellAnswer
export type Comparison = RfqComparisonAnswer
/** A line as the new-RFQ form edits it. */
export type FormLine = {
  label: string
  quantity: string
  unit: string
  wanted_on: string
  need_line_id?: number | null
  article_id?: number | null
}
export type Choices = OrderFormDataAnswer

export const STALE = ['/bwapi/rfqs', '/bwapi/purchase-orders', '/bwapi/needs'] as const
