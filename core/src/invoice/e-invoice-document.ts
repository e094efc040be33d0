/**
 * An electronic invoice read from its syntax (EN 16931: UN/CEFACT CII — also embedded in a
 * Factur-X / ZUGFeRD PDF — or UBL 2.1), in one shape: what a pending invoice is prefilled with.
 */
export type EInvoice = {
  syntax: 'cii' | 'ubl' | 'facturx'
  kind: 'invoice' | 'credit_note'
  number: string
  issue_date: string | null
  currency: string
  seller: { name: string | null; vat: string | null; siret: string | null; iban: string | null }
  lines: {
    label: string
    quantity: string
    unit_price: string | null
    amount: string
    vat_rate: string | null
    /** BT-132: the purchase order line it bills (its number on the order), when the seller says. */
    order_line?: string | null
  }[]
  vat: { rate: string; base: string; tax: string }[]
  totals: {
    lines: string
    exctax: string
    tax: string
    inctax: string
    payable: string
    /** BT-107, BT-108, BT-113, BT-114: document allowances and charges, paid in advance, rounding. */
    allowances?: string
    charges?: string
    prepaid?: string
    rounding?: string
  }
  /**
   * The buyer's references the seller repeats: BT-10 buyer reference, BT-13 purchase order, BT-12
   * contract, BT-16 despatch advice (docs/domain/e-invoicing.md). Older readings have none.
   */
  references?: {
    buyer: string | null
    order: string | null
    contract: string | null
    despatch: string | null
  }
  /**
   * Where it is addressed: the buyer's legal registration (BT-47, the SIREN) and electronic address
   * (BT-49, "SIREN" or "SIREN_ROUTINGCODE" in the French reform).
   */
  addressee?: { siren: string | null; address: string | null }
}
