/**
 * An invoice as a seller writes it, and its writers in each EN 16931 syntax (CII, UBL 2.1, a
 * Factur-X PDF): the demo's e-invoices and the tests' samples (built here, no download).
 */
export type SampleInvoice = {
  number: string
  date: string
  seller: { name: string; vat: string; siret: string; iban: string }
  lines: {
    label: string
    quantity: string
    price: string
    amount: string
    rate: string
    /** BT-132, the referenced purchase order line. */
    order_line?: string
  }[]
  vat: { rate: string; base: string; tax: string }[]
  totals: { lines: string; exctax: string; tax: string; inctax: string }
  /** BT-10 buyer reference, BT-13 purchase order, BT-12 contract, BT-16 despatch advice. */
  references?: { buyer?: string; order?: string; contract?: string; despatch?: string }
  /** BT-47 the buyer's SIREN, BT-49 its electronic address ("SIREN_ROUTINGCODE"). */
  addressee?: { siren?: string; address?: string }
}

const tag = (name: string, value: string | undefined, inner = (v: string) => v) =>
  value === undefined ? '' : `<${name}>${inner(value)}</${name.split(' ')[0]}>`

/** The invoice as UN/CEFACT CII (the EN 16931 profile of Factur-X). */
export const ciiXml = (s: SampleInvoice, typeCode = '380') => `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${s.number}</ram:ID>
    <ram:TypeCode>${typeCode}</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${s.date.replaceAll('-', '')}</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
${s.lines
  .map(
    (l, i) => `    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>${l.label}</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>${tag('ram:BuyerOrderReferencedDocument', l.order_line, (v) => `<ram:LineID>${v}</ram:LineID>`)}<ram:NetPriceProductTradePrice><ram:ChargeAmount>${l.price}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${l.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${l.rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${l.amount}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`,
  )
  .join('\n')}
    <ram:ApplicableHeaderTradeAgreement>
      ${tag('ram:BuyerReference', s.references?.buyer)}
      <ram:SellerTradeParty>
        <ram:Name>${s.seller.name}</ram:Name>
        <ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${s.seller.siret}</ram:ID></ram:SpecifiedLegalOrganization>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${s.seller.vat}</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>ACME</ram:Name>${tag('ram:SpecifiedLegalOrganization', s.addressee?.siren, (v) => `<ram:ID schemeID="0002">${v}</ram:ID>`)}${tag('ram:URIUniversalCommunication', s.addressee?.address, (v) => `<ram:URIID schemeID="0225">${v}</ram:URIID>`)}</ram:BuyerTradeParty>
      ${tag('ram:BuyerOrderReferencedDocument', s.references?.order, (v) => `<ram:IssuerAssignedID>${v}</ram:IssuerAssignedID>`)}
      ${tag('ram:ContractReferencedDocument', s.references?.contract, (v) => `<ram:IssuerAssignedID>${v}</ram:IssuerAssignedID>`)}
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery>${tag('ram:DespatchAdviceReferencedDocument', s.references?.despatch, (v) => `<ram:IssuerAssignedID>${v}</ram:IssuerAssignedID>`)}</ram:ApplicableHeaderTradeDelivery>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${s.seller.iban}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>
${s.vat
  .map(
    (v) =>
      `      <ram:ApplicableTradeTax><ram:CalculatedAmount>${v.tax}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>${v.base}</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${v.rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
  )
  .join('\n')}
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>${s.totals.lines}</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>${s.totals.exctax}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">${s.totals.tax}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>${s.totals.inctax}</ram:GrandTotalAmount>
        <ram:DuePayableAmount>${s.totals.inctax}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`

/** The invoice (or credit note) as OASIS UBL 2.1. */
export const ublXml = (s: SampleInvoice, kind: 'Invoice' | 'CreditNote' = 'Invoice') => {
  const line = kind === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine'
  const quantity = kind === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity'
  return `<?xml version="1.0" encoding="UTF-8"?>
<${kind} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${kind}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>
  <cbc:ID>${s.number}</cbc:ID>
  <cbc:IssueDate>${s.date}</cbc:IssueDate>
  <cbc:${kind}TypeCode>${kind === 'Invoice' ? '380' : '381'}</cbc:${kind}TypeCode>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  ${tag('cbc:BuyerReference', s.references?.buyer)}
  ${tag('cac:OrderReference', s.references?.order, (v) => `<cbc:ID>${v}</cbc:ID>`)}
  ${tag('cac:DespatchDocumentReference', s.references?.despatch, (v) => `<cbc:ID>${v}</cbc:ID>`)}
  ${tag('cac:ContractDocumentReference', s.references?.contract, (v) => `<cbc:ID>${v}</cbc:ID>`)}
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PartyName><cbc:Name>${s.seller.name}</cbc:Name></cac:PartyName>
    <cac:PartyTaxScheme><cbc:CompanyID>${s.seller.vat}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>${s.seller.name}</cbc:RegistrationName><cbc:CompanyID schemeID="0002">${s.seller.siret}</cbc:CompanyID></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party>${tag('cbc:EndpointID schemeID="0225"', s.addressee?.address)}<cac:PartyName><cbc:Name>ACME</cbc:Name></cac:PartyName>${tag('cac:PartyLegalEntity', s.addressee?.siren, (v) => `<cbc:RegistrationName>ACME</cbc:RegistrationName><cbc:CompanyID schemeID="0002">${v}</cbc:CompanyID>`)}</cac:Party></cac:AccountingCustomerParty>
  <cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>${s.seller.iban}</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="EUR">${s.totals.tax}</cbc:TaxAmount>
${s.vat
  .map(
    (v) =>
      `    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">${v.base}</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">${v.tax}</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>${v.rate}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>`,
  )
  .join('\n')}
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="EUR">${s.totals.lines}</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">${s.totals.exctax}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">${s.totals.inctax}</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="EUR">${s.totals.inctax}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
${s.lines
  .map(
    (l, i) =>
      `  <cac:${line}><cbc:ID>${i + 1}</cbc:ID><cbc:${quantity} unitCode="C62">${l.quantity}</cbc:${quantity}><cbc:LineExtensionAmount currencyID="EUR">${l.amount}</cbc:LineExtensionAmount>${tag('cac:OrderLineReference', l.order_line, (v) => `<cbc:LineID>${v}</cbc:LineID>`)}<cac:Item><cbc:Name>${l.label}</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>${l.rate}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">${l.price}</cbc:PriceAmount></cac:Price></cac:${line}>`,
  )
  .join('\n')}
</${kind}>
`
}

/** A Factur-X PDF: a readable page, and the CII XML embedded as factur-x.xml (relationship Data). */
export const facturXPdf = async (s: SampleInvoice): Promise<Uint8Array> => {
  const { AFRelationship, PDFDocument, StandardFonts } = await import('pdf-lib')
  const pdf = await PDFDocument.create()
  const page = pdf.addPage()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  page.drawText(`Invoice ${s.number} — ${s.seller.name} — ${s.totals.inctax} EUR`, {
    x: 50,
    y: 780,
    size: 12,
    font,
  })
  await pdf.attach(new TextEncoder().encode(ciiXml(s)), 'factur-x.xml', {
    mimeType: 'text/xml',
    description: 'Factur-X invoice',
    afRelationship: AFRelationship.Data,
  })
  return pdf.save()
}
