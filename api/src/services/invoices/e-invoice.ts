import type { DomainError } from '@procura/core/errors'
import type { EInvoice } from '@procura/core/invoice'
import { err, ok, type Result } from '@procura/core/result'
import { XMLParser } from 'fast-xml-parser'
import type { PDFDict } from 'pdf-lib'

type Node = Record<string, unknown>

/** Elements that may repeat, read as arrays whatever their count. */
const REPEATED = new Set([
  'IncludedSupplyChainTradeLineItem',
  'ApplicableTradeTax',
  'SpecifiedTaxRegistration',
  'SpecifiedTradeSettlementPaymentMeans',
  'InvoiceLine',
  'CreditNoteLine',
  'TaxSubtotal',
  'TaxTotal',
  'PartyTaxScheme',
  'PaymentMeans',
])

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // No entity expansion from the document (no XXE, no billion laughs).
  processEntities: false,
  isArray: (name) => REPEATED.has(name),
})

const refused = (reason: string): Result<never, DomainError> =>
  err({ code: 'E_INVOICE_UNREADABLE', params: { reason } })

/** The text of an element (its value, or `#text` when it carries attributes), or null. */
const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return null
  if (typeof value === 'object') return text((value as Node)['#text'])
  const s = String(value).trim()
  return s === '' ? null : s
}
const at = (node: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((current, key) => {
    if (current === undefined || current === null) return undefined
    const value = Array.isArray(current) ? current[0] : current
    return (value as Node)[key]
  }, node)
const list = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value]
const amount = (value: unknown) => text(value) ?? '0'
/** CII dates are written in format 102 (YYYYMMDD). */
const ciiDate = (value: unknown) => {
  const raw = text(value)
  return raw !== null && /^\d{8}$/.test(raw)
    ? `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}`
    : raw
}

/** UN/CEFACT Cross Industry Invoice (the XML of Factur-X and ZUGFeRD). */
const fromCii = (root: Node, syntax: 'cii' | 'facturx'): EInvoice => {
  const transaction = at(root, 'SupplyChainTradeTransaction')
  const agreement = at(transaction, 'ApplicableHeaderTradeAgreement')
  const seller = at(agreement, 'SellerTradeParty') as Node | undefined
  const settlement = at(transaction, 'ApplicableHeaderTradeSettlement')
  const summation = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation')
  const registrations = list(at(seller, 'SpecifiedTaxRegistration'))
  const vat = registrations.map((r) => at(r, 'ID')).find((id) => (id as Node)?.['@schemeID'] === 'VA')
  const legal = at(seller, 'SpecifiedLegalOrganization', 'ID')
  const typeCode = text(at(root, 'ExchangedDocument', 'TypeCode'))
  const buyer = at(agreement, 'BuyerTradeParty')
  return {
    syntax,
    addressee: {
      siren: text(at(buyer, 'SpecifiedLegalOrganization', 'ID')),
      address: text(at(buyer, 'URIUniversalCommunication', 'URIID')),
    },
    references: {
      buyer: text(at(agreement, 'BuyerReference')),
      order: text(at(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID')),
      contract: text(at(agreement, 'ContractReferencedDocument', 'IssuerAssignedID')),
      despatch: text(
        at(
          transaction,
          'ApplicableHeaderTradeDelivery',
          'DespatchAdviceReferencedDocument',
          'IssuerAssignedID',
        ),
      ),
    },
    kind: typeCode === '381' ? 'credit_note' : 'invoice',
    number: text(at(root, 'ExchangedDocument', 'ID')) ?? '',
    issue_date: ciiDate(at(root, 'ExchangedDocument', 'IssueDateTime', 'DateTimeString')),
    currency: text(at(settlement, 'InvoiceCurrencyCode')) ?? '',
    seller: {
      name: text(at(seller, 'Name')),
      vat: text(vat),
      siret: (legal as Node)?.['@schemeID'] === '0002' ? text(legal) : null,
      iban: text(
        at(
          settlement,
          'SpecifiedTradeSettlementPaymentMeans',
          'PayeePartyCreditorFinancialAccount',
          'IBANID',
        ),
      ),
    },
    lines: list(at(transaction, 'IncludedSupplyChainTradeLineItem')).map((item) => ({
      label: text(at(item, 'SpecifiedTradeProduct', 'Name')) ?? '',
      quantity: amount(at(item, 'SpecifiedLineTradeDelivery', 'BilledQuantity')),
      unit_price: text(at(item, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount')),
      amount: amount(
        at(
          item,
          'SpecifiedLineTradeSettlement',
          'SpecifiedTradeSettlementLineMonetarySummation',
          'LineTotalAmount',
        ),
      ),
      vat_rate: text(at(item, 'SpecifiedLineTradeSettlement', 'ApplicableTradeTax', 'RateApplicablePercent')),
      order_line: text(at(item, 'SpecifiedLineTradeAgreement', 'BuyerOrderReferencedDocument', 'LineID')),
    })),
    vat: list(at(settlement, 'ApplicableTradeTax')).map((tax) => ({
      rate: amount(at(tax, 'RateApplicablePercent')),
      base: amount(at(tax, 'BasisAmount')),
      tax: amount(at(tax, 'CalculatedAmount')),
    })),
    totals: {
      lines: amount(at(summation, 'LineTotalAmount')),
      exctax: amount(at(summation, 'TaxBasisTotalAmount')),
      tax: amount(at(summation, 'TaxTotalAmount')),
      inctax: amount(at(summation, 'GrandTotalAmount')),
      payable: amount(at(summation, 'DuePayableAmount') ?? at(summation, 'GrandTotalAmount')),
      allowances: amount(at(summation, 'AllowanceTotalAmount')),
      charges: amount(at(summation, 'ChargeTotalAmount')),
      prepaid: amount(at(summation, 'TotalPrepaidAmount')),
      rounding: amount(at(summation, 'RoundingAmount')),
    },
  }
}

/** OASIS UBL 2.1 Invoice or CreditNote. */
const fromUbl = (root: Node, kind: 'invoice' | 'credit_note'): EInvoice => {
  const party = at(root, 'AccountingSupplierParty', 'Party')
  const totals = at(root, 'LegalMonetaryTotal')
  const taxTotal = list(at(root, 'TaxTotal'))[0]
  const lines = list(at(root, kind === 'invoice' ? 'InvoiceLine' : 'CreditNoteLine'))
  const customer = at(root, 'AccountingCustomerParty', 'Party')
  return {
    syntax: 'ubl',
    addressee: {
      siren: text(at(customer, 'PartyLegalEntity', 'CompanyID')),
      address: text(at(customer, 'EndpointID')),
    },
    references: {
      buyer: text(at(root, 'BuyerReference')),
      order: text(at(root, 'OrderReference', 'ID')),
      contract: text(at(root, 'ContractDocumentReference', 'ID')),
      despatch: text(at(root, 'DespatchDocumentReference', 'ID')),
    },
    kind,
    number: text(at(root, 'ID')) ?? '',
    issue_date: text(at(root, 'IssueDate')),
    currency: text(at(root, 'DocumentCurrencyCode')) ?? '',
    seller: {
      name: text(at(party, 'PartyName', 'Name')) ?? text(at(party, 'PartyLegalEntity', 'RegistrationName')),
      vat: text(at(list(at(party, 'PartyTaxScheme'))[0], 'CompanyID')),
      siret: text(at(party, 'PartyLegalEntity', 'CompanyID')),
      iban: text(at(list(at(root, 'PaymentMeans'))[0], 'PayeeFinancialAccount', 'ID')),
    },
    lines: lines.map((line) => ({
      label: text(at(line, 'Item', 'Name')) ?? '',
      quantity: amount(at(line, kind === 'invoice' ? 'InvoicedQuantity' : 'CreditedQuantity')),
      unit_price: text(at(line, 'Price', 'PriceAmount')),
      amount: amount(at(line, 'LineExtensionAmount')),
      vat_rate: text(at(line, 'Item', 'ClassifiedTaxCategory', 'Percent')),
      order_line: text(at(line, 'OrderLineReference', 'LineID')),
    })),
    vat: list(at(taxTotal, 'TaxSubtotal')).map((sub) => ({
      rate: amount(at(sub, 'TaxCategory', 'Percent')),
      base: amount(at(sub, 'TaxableAmount')),
      tax: amount(at(sub, 'TaxAmount')),
    })),
    totals: {
      lines: amount(at(totals, 'LineExtensionAmount')),
      exctax: amount(at(totals, 'TaxExclusiveAmount')),
      tax: amount(at(taxTotal, 'TaxAmount')),
      inctax: amount(at(totals, 'TaxInclusiveAmount')),
      payable: amount(at(totals, 'PayableAmount')),
      allowances: amount(at(totals, 'AllowanceTotalAmount')),
      charges: amount(at(totals, 'ChargeTotalAmount')),
      prepaid: amount(at(totals, 'PrepaidAmount')),
      rounding: amount(at(totals, 'PayableRoundingAmount')),
    },
  }
}

/** Reads an XML e-invoice: CII (Factur-X's XML) or UBL 2.1, told apart by their root element. */
export const readEInvoiceXml = (
  xml: string,
  syntax: 'cii' | 'facturx' = 'cii',
): Result<EInvoice, DomainError> => {
  let document: Node
  try {
    document = parser.parse(xml) as Node
  } catch (error) {
    return refused(`the XML does not parse (${(error as Error).message.split('\n')[0]})`)
  }
  if (document.CrossIndustryInvoice !== undefined)
    return ok(fromCii(document.CrossIndustryInvoice as Node, syntax))
  if (document.Invoice !== undefined) return ok(fromUbl(document.Invoice as Node, 'invoice'))
  if (document.CreditNote !== undefined) return ok(fromUbl(document.CreditNote as Node, 'credit_note'))
  return refused('its root element is neither CrossIndustryInvoice, Invoice nor CreditNote')
}

/** The XML files embedded in a PDF (its EmbeddedFiles name tree), by name. */
const embeddedFiles = async (bytes: Uint8Array): Promise<Map<string, Uint8Array>> => {
  // pdf-lib is loaded when a first PDF is read: every server and CLI start would pay for it.
  const {
    decodePDFRawStream,
    PDFArray,
    PDFDict,
    PDFDocument,
    PDFHexString,
    PDFName,
    PDFRawStream,
    PDFString,
  } = await import('pdf-lib')
  const nameOf = (value: unknown) =>
    value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })
  const files = new Map<string, Uint8Array>()
  const names = pdf.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict)
  const visit = (node: PDFDict | undefined, depth: number) => {
    if (node === undefined || depth > 10) return
    const pairs = node.lookupMaybe(PDFName.of('Names'), PDFArray)
    for (let i = 0; pairs !== undefined && i + 1 < pairs.size(); i += 2) {
      const spec = pairs.lookupMaybe(i + 1, PDFDict)
      const name =
        nameOf(spec?.lookup(PDFName.of('UF'))) ??
        nameOf(spec?.lookup(PDFName.of('F'))) ??
        nameOf(pairs.lookup(i))
      const stream = spec?.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'))
      if (name !== null && stream instanceof PDFRawStream)
        files.set(name, decodePDFRawStream(stream).decode())
    }
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray)
    for (let i = 0; kids !== undefined && i < kids.size(); i += 1)
      visit(kids.lookupMaybe(i, PDFDict), depth + 1)
  }
  visit(tree, 0)
  return files
}

/** The names Factur-X, ZUGFeRD and XRechnung give their embedded XML. */
const FACTUR_X_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'ZUGFeRD-invoice.xml', 'xrechnung.xml']

/**
 * Reads an e-invoice from an uploaded file: a Factur-X / ZUGFeRD PDF (the CII XML embedded in it),
 * or a CII or UBL 2.1 XML. Null when the file is neither a PDF nor an XML (a scan: no e-invoice).
 */
export const readEInvoice = async (
  name: string,
  bytes: Uint8Array,
): Promise<Result<EInvoice, DomainError> | null> => {
  const head = new TextDecoder().decode(bytes.slice(0, 5))
  if (head === '%PDF-') {
    let files: Map<string, Uint8Array>
    try {
      files = await embeddedFiles(bytes)
    } catch {
      return null
    }
    const xml =
      FACTUR_X_NAMES.map((n) => files.get(n)).find((f) => f !== undefined) ??
      [...files.entries()].find(([n]) => n.toLowerCase().endsWith('.xml'))?.[1]
    return xml === undefined ? null : readEInvoiceXml(new TextDecoder().decode(xml), 'facturx')
  }
  if (name.toLowerCase().endsWith('.xml') || head.startsWith('<'))
    return readEInvoiceXml(new TextDecoder().decode(bytes))
  return null
}
