/** What the RFQ screens read from the API. */
export type Row = { id: number; code: string; status: string }
type Quote = {
  rfq_line_id: number
  unit_price_exctax: string
  vat_rate: string
  quantity: string | null
  lead_time_days: number | null
  valid_until: string | null
  min_quantity: string | null
  comment: string | null
}
export type Invited = {
  supplier_id: number
  supplier: string
  contact: string | null
  sent_to: string | null
  answered_at: string | null
  currency_code: string | null
  file_name: string | null
  comment: string | null
  quotes: Quote[]
}
type RfqLine = {
  id: number
  label: string
  quantity: string
  unit: string
  wanted_on: string | null
  awarded_supplier_id: number | null
}
export type Rfq = {
  id: number
  code: string
  title: string
  status: string
  company: string
  currency_code: string
  reply_by: string
  comment: string | null
  buyer: string
  buyer_id: number
  award_reason: string | null
  internal: boolean
  sealed: boolean
  answer_open: boolean
  lines: RfqLine[]
  suppliers: Invited[]
  requests: { id: number; code: string }[]
  orders: { id: number; code: string; status: string; supplier_id: number }[]
  actions: string[]
  may_award: boolean
  may_quote: boolean
}
export type Cell = {
  supplier_id: number
  unit_price: string
  quantity: string
  amount_exctax: string
  lead_time_days: number | null
  valid_until: string | null
  validity: 'valid' | 'expiring' | 'expired'
  raised_to_minimum: boolean
  partial: boolean
  best_price: boolean
  best_lead_time: boolean
}
export type Comparison = {
  currency_code: string
  lines: { id: number; label: string; quantity: string; unit: string; cells: Cell[] }[]
  suppliers: {
    supplier_id: number
    supplier: string
    complete: boolean
    amount_exctax: string
    amount_inctax: string
  }[]
  cheapest_basket: number | null
  cheapest_per_line: { rfq_line_id: number; supplier_id: number | null }[]
}
export type FormLine = {
  label: string
  quantity: string
  unit: string
  wanted_on: string
  need_line_id?: number | null
  article_id?: number | null
}
export type Choices = {
  companies: { id: number; label: string }[]
  currencies: { code: string; symbol: string }[]
}

export const STALE = ['/bwapi/rfqs', '/bwapi/purchase-orders', '/bwapi/needs'] as const
