import { amountFormatFor, formatAmount, formatDate, formatNumber, numberStyleFor } from '@procura/core/format'
import type { Language } from '@procura/core/i18n'
import { referenceLabel } from '@procura/core/i18n'
import { toCurrency as euroWordsEs } from 'n2words/es-ES'
import { toCurrency as euroWordsFr } from 'n2words/fr-FR'
import { numberPages } from './page-numbers'
import { loadPdfKit } from './pdfkit'

export type OrderPdfData = {
  code: string
  version: number
  date: Date
  buyerCompany: string
  buyerAddress: string | null
  buyerVatNumber: string | null
  buyerName: string
  supplier: { company_name: string; code: string; address: string | null; intra_community_vat: string | null }
  /** Where and when to deliver, when the order says. */
  delivery: { address: string; shipping_date: string | null; deadline: string | null } | null
  /** The purchase requests the order was made from. */
  requests: string[]
  /** What the buyer writes to the supplier on the order (the "comment for the supplier"). */
  supplierComment: string | null
  /** The supplier's payment term, written out in the PDF's language; null when none is agreed. */
  paymentTerms: string | null
  /** The order's custom fields given, each with its label and text (files are not printed). */
  custom: { label: string; text: string }[]
  currency: { code: string; symbol: string; position: 'before' | 'after' }
  lines: {
    label: string
    quantity: string
    unit: string
    unit_price_exctax: string
    vat_rate: string
    amount_exctax: string
  }[]
  amount_exctax: string
  amount_tax: string
  amount_inctax: string
  vat_breakdown: { rate: string; base: string; tax: string }[]
}

const TEXT = {
  en: {
    title: 'Purchase order',
    version: 'version',
    date: 'Date',
    buyer: 'Buyer',
    supplier: 'Supplier',
    item: 'Item',
    qty: 'Qty',
    price: 'Unit price',
    vat: 'VAT',
    total: 'Total',
    exctax: 'Total excl. tax',
    tax: 'VAT',
    inctax: 'Total incl. tax',
    breakdown: 'VAT breakdown',
    orderedBy: 'Ordered by',
    vatNumber: 'VAT number',
    deliverTo: 'Deliver to',
    shippingDate: 'Shipping date',
    deadline: 'Deliver by',
    requests: 'Requests',
    note: 'Note to the supplier',
    paymentTerms: 'Payment terms',
    page: 'Page {n} / {total}',
    inWords: 'Amount in words',
    terms:
      'Terms: this order is deemed accepted if its acknowledgement is not returned within 3 business days. Reservations on a delivery must be made within 3 days.',
  },
  es: {
    title: 'Pedido de compra',
    version: 'versión',
    date: 'Fecha',
    buyer: 'Comprador',
    supplier: 'Proveedor',
    item: 'Artículo',
    qty: 'Cant.',
    price: 'Precio unitario',
    vat: 'IVA',
    total: 'Total',
    exctax: 'Total sin IVA',
    tax: 'IVA',
    inctax: 'Total con IVA',
    breakdown: 'Desglose del IVA',
    orderedBy: 'Pedido por',
    vatNumber: 'NIF-IVA',
    deliverTo: 'Entregar en',
    shippingDate: 'Fecha de envío',
    deadline: 'Entregar antes del',
    requests: 'Solicitudes',
    note: 'Nota para el proveedor',
    paymentTerms: 'Condiciones de pago',
    page: 'Página {n} / {total}',
    inWords: 'Importe en letras',
    terms:
      'Condiciones: este pedido se considera aceptado si su acuse de recibo no se devuelve en 3 días hábiles. Las reservas sobre una entrega deben hacerse en 3 días.',
  },
  fr: {
    title: 'Bon de commande',
    version: 'version',
    date: 'Date',
    buyer: 'Acheteur',
    supplier: 'Fournisseur',
    item: 'Article',
    qty: 'Qté',
    price: 'Prix unitaire',
    vat: 'TVA',
    total: 'Total',
    exctax: 'Total HT',
    tax: 'TVA',
    inctax: 'Total TTC',
    breakdown: 'Détail de la TVA',
    orderedBy: 'Commandé par',
    vatNumber: 'N° de TVA',
    deliverTo: 'Livrer à',
    shippingDate: 'Date d’expédition',
    deadline: 'Livrer avant le',
    requests: 'Demandes',
    note: 'Note au fournisseur',
    paymentTerms: 'Conditions de paiement',
    page: 'Page {n} / {total}',
    inWords: 'Arrêtée à la somme de',
    terms:
      "Conditions : cette commande est réputée acceptée si son accusé de réception n'est pas retourné sous 3 jours ouvrés. Les réserves sur une livraison doivent être faites sous 3 jours.",
  },
} as const

/**
 * The total written in words where the language's commercial practice expects it (French and
 * Spanish orders state it), for euro amounts; null otherwise.
 */
export const amountInWords = (amount: string, currency: string, language: Language): string | null => {
  if (currency !== 'EUR') return null
  if (language === 'fr') return euroWordsFr(amount)
  if (language === 'es') return euroWordsEs(amount)
  return null
}

const DATE_FORMATS = { en: 'DD/MM/YYYY', es: 'DD/MM/YYYY', fr: 'DD/MM/YYYY' } as const

/** The order as a PDF (A4): parties, lines, totals, VAT breakdown and terms, in the supplier's language. */
export const renderOrderPdf = async (
  order: OrderPdfData,
  language: Language,
  decimals: number,
): Promise<Buffer> => {
  const PDFDocument = await loadPdfKit()
  return new Promise((resolve, reject) => {
    const t = TEXT[language]
    const style = numberStyleFor(language)
    const number = (value: string) => formatNumber(value, style.decimal_delimiter, ' ')
    const money = (value: string) =>
      formatAmount(value, amountFormatFor({ language, decimals }, order.currency)).replace(
        /[\u00a0\u202f]/g,
        ' ',
      )
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      bufferPages: true,
      info: { Title: `${t.title} ${order.code}` },
    })
    const date = (iso: string) =>
      formatDate(new Date(`${iso.slice(0, 10)}T12:00:00Z`), {
        date_format: DATE_FORMATS[language],
        hour_format: 'HH:mm',
      }).slice(0, 10)
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)

    doc.fontSize(20).text(`${t.title} ${order.code}`, { continued: false })
    doc
      .fontSize(10)
      .fillColor('#555')
      .text(
        `${t.version} ${order.version} · ${t.date} ${formatDate(order.date, { date_format: DATE_FORMATS[language], hour_format: 'HH:mm' })}`,
      )
    doc.moveDown().fillColor('#000').fontSize(11)
    // The parties: the ordering company (address, VAT number) and the supplier (address, VAT).
    const party = (title: string, lines: (string | null)[], x: number, y: number) => {
      doc.font('Helvetica-Bold').text(title, x, y, { width: 240 }).font('Helvetica')
      for (const line of lines) if (line) doc.text(line, x, doc.y, { width: 240 })
      return doc.y
    }
    const top = doc.y
    const left = party(
      t.orderedBy,
      [
        order.buyerCompany,
        order.buyerAddress,
        order.buyerVatNumber ? `${t.vatNumber}: ${order.buyerVatNumber}` : null,
        `${t.buyer}: ${order.buyerName}`,
      ],
      50,
      top,
    )
    const right = party(
      t.supplier,
      [
        `${order.supplier.company_name} (${order.supplier.code})`,
        order.supplier.address,
        order.supplier.intra_community_vat ? `${t.vatNumber}: ${order.supplier.intra_community_vat}` : null,
      ],
      305,
      top,
    )
    doc.x = 50
    doc.y = Math.max(left, right)
    doc.moveDown()
    if (order.delivery !== null) {
      doc
        .font('Helvetica-Bold')
        .text(`${t.deliverTo}: `, { continued: true })
        .font('Helvetica')
        .text(order.delivery.address)
      if (order.delivery.shipping_date) doc.text(`${t.shippingDate}: ${date(order.delivery.shipping_date)}`)
      if (order.delivery.deadline) doc.text(`${t.deadline}: ${date(order.delivery.deadline)}`)
    }
    if (order.requests.length > 0) doc.text(`${t.requests}: ${order.requests.join(', ')}`)
    if (order.paymentTerms !== null) doc.text(`${t.paymentTerms}: ${order.paymentTerms}`)
    for (const field of order.custom) doc.text(`${field.label}: ${field.text}`, 50, doc.y, { width: 495 })
    if (order.supplierComment !== null && order.supplierComment.trim() !== '')
      doc
        .moveDown(0.5)
        .font('Helvetica-Bold')
        .text(`${t.note}:`, 50, doc.y, { width: 495 })
        .font('Helvetica')
        .text(order.supplierComment, 50, doc.y, { width: 495 })
    doc.moveDown()

    const columns = [50, 255, 335, 420, 470] as const
    const widths = [200, 75, 80, 45, 75] as const
    const header = [t.item, t.qty, t.price, t.vat, t.total]
    const row = (cells: readonly string[], bold = false) => {
      const y = doc.y
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10)
      cells.forEach((cell, i) => {
        doc.text(cell, columns[i] ?? 50, y, { width: widths[i] ?? 75 })
      })
      doc.moveDown(0.4)
      doc.x = 50
    }
    row(header, true)
    for (const line of order.lines)
      row([
        line.label,
        `${number(line.quantity)} ${referenceLabel('unit', line.unit, line.unit, language)}`,
        money(line.unit_price_exctax),
        `${number(line.vat_rate)} %`,
        money(line.amount_exctax),
      ])
    doc.moveDown()
    row([t.exctax, '', '', '', money(order.amount_exctax)], true)
    row([t.tax, '', '', '', money(order.amount_tax)])
    row([t.inctax, '', '', '', money(order.amount_inctax)], true)
    doc.moveDown().font('Helvetica-Bold').text(t.breakdown, 50).font('Helvetica')
    for (const b of order.vat_breakdown) row([`${number(b.rate)} %`, '', money(b.base), '', money(b.tax)])
    const words = amountInWords(order.amount_inctax, order.currency.code, language)
    if (words !== null)
      doc.moveDown().fontSize(10).text(`${t.inWords} : ${words}.`, 50, doc.y, { width: 495 })
    doc.moveDown(2).fontSize(9).fillColor('#555').text(t.terms, 50, doc.y, { width: 495 })
    numberPages(doc, t.page)
    doc.end()
  })
}
