export type OrderLine = {
  /** Kept when the order is edited: what was received on the line stays with it. */
  id?: number
  article_id?: number | null
  quantity_step?: string | null
  label: string
  quantity: string
  unit?: string
  unit_price_exctax: string
  vat_rate: string
  vat_rate_2?: string | null
  amount_exctax?: string
  amount_inctax?: string
  receipt_mode?: 'quantity' | 'amount'
  delivered_quantity?: string
  delivered_amount_exctax?: string
  predelivered_quantity?: string
  predelivered_amount_exctax?: string
  delivery_status?: string
  billed_amount_exctax?: string
  billing_status?: string
  /** From core (receiptBalance): what remains to receive, and whether more was received or billed than ordered. */
  remaining_to_receive?: string
  over_delivered?: boolean
  over_billed?: boolean
}

export type CircuitStep = {
  rank: number
  validators: string[]
  status: string
  by: string | null
  on_behalf_of: string | null
}

export type Order = {
  id: number
  code: string
  version: number
  status: string
  supplier: { id: number; code: string; company_name: string }
  supplier_id: number
  supplier_contact_id: number | null
  company_id: number
  department_id: number | null
  currency_code: string
  tags: string[]
  purchase_type: string | null
  deposit: string | null
  deposit_paid_at: string | null
  supplier_comment: string | null
  delivery_address: DeliveryAddress | null
  people: { id: number; label: string }[]
  refusal: { by_label: string | null; at: string | null; reason: string | null } | null
  /** Whether this reader sees the internal discussion and files (false for a supplier's contact). */
  internal: boolean
  /** Names of the people its circuit mentions, by login. */
  names?: Record<string, string>
  /** To and copy prefilled in the send dialog (the supplier's order contact, the buyer). */
  send_defaults?: { to: string | null; cc: string[] }
  amount_exctax: string
  amount_tax: string
  amount_inctax: string
  vat_breakdown: { rate: string; base: string; tax: string }[]
  lines: OrderLine[]
  circuit: { steps: CircuitStep[] } | null
  actions: string[]
  /** Receiving from the order's page: receive, receive_all, predeliver, declare, force_complete. */
  delivery_actions?: string[]
  /** close_billing when billed short and this user may close it. */
  billing_actions?: string[]
  waiting_on: string[]
  sent_at: string | null
  delivery_status: string
  delivered_amount_exctax?: string
  predelivered_amount_exctax?: string
  billed_amount_exctax?: string
  rebilled_amount_exctax?: string
  billing_status: string
  payment_status: string
}

export type OrderFormData = {
  companies: { id: number; code: string; label: string; currency_code: string }[]
  departments: { id: number; code: string; label: string; company_id: number }[]
  currencies: { code: string; label: string; symbol: string }[]
  suppliers: {
    id: number
    code: string
    company_name: string
    currency_code: string
    contacts: { id: number; name: string; email: string; main_order_contact: boolean }[]
  }[]
}

export type DeliveryAddress = {
  type: 'address_book' | 'project' | 'other'
  public: boolean
  address: string
  shipping_date: string | null
  deadline: string | null
}
