import type { OrderFormDataAnswer } from '@procura/core/purchase-order'
import type {
  RfqAnswer,
  RfqCellAnswer,
  RfqComparisonAnswer,
  RfqInvitedAnswer,
  RfqLineAnswer,
  RfqQuoteAnswer,
  RfqRowAnswer,
} from '@procura/core/sourcing'
export type Row = RfqRowAnswer
type Quote = RfqQuoteAnswer
export type Invited = RfqInvitedAnswer
type RfqLine = RfqLineAnswer
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
