import { formatAmount, formatDate } from '@procura/core/format'
import type { Language } from '@procura/core/i18n'
import PDFDocument from 'pdfkit'

export type OrderPdfData = {
  code: string
  version: number
  date: Date
  buyerCompany: string
  buyerName: string
  supplier: { company_name: string; code: string }
  currency: { code: string; symbol: string; position: 'before' | 'after' }
  lines: {
    label: string
    quantity: string
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
    terms:
      "Conditions : cette commande est réputée acceptée si son accusé de réception n'est pas retourné sous 3 jours ouvrés. Les réserves sur une livraison doivent être faites sous 3 jours.",
  },
} as const

const DATE_FORMATS = { en: 'DD/MM/YYYY', es: 'DD/MM/YYYY', fr: 'DD/MM/YYYY' } as const

/** The order as a PDF (A4): parties, lines, totals, VAT breakdown and terms, in the supplier's language. */
export const renderOrderPdf = (
  order: OrderPdfData,
  language: Language,
  decimals: number,
  delimiter: '.' | ',',
): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const t = TEXT[language]
    const money = (value: string) =>
      formatAmount(value, {
        decimals,
        decimal_delimiter: delimiter,
        symbol: order.currency.symbol,
        position: order.currency.position,
      }).replace(/\u00a0/g, ' ')
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${t.title} ${order.code}` } })
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
    doc.text(`${t.buyer}: ${order.buyerCompany} — ${order.buyerName}`)
    doc.text(`${t.supplier}: ${order.supplier.company_name} (${order.supplier.code})`)
    doc.moveDown()

    const columns = [50, 280, 330, 420, 470] as const
    const header = [t.item, t.qty, t.price, t.vat, t.total]
    const row = (cells: readonly string[], bold = false) => {
      const y = doc.y
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10)
      cells.forEach((cell, i) => {
        doc.text(cell, columns[i] ?? 50, y, { width: i === 0 ? 225 : 85 })
      })
      doc.moveDown(0.4)
      doc.x = 50
    }
    row(header, true)
    for (const line of order.lines)
      row([
        line.label,
        line.quantity,
        money(line.unit_price_exctax),
        `${line.vat_rate} %`,
        money(line.amount_exctax),
      ])
    doc.moveDown()
    row([t.exctax, '', '', '', money(order.amount_exctax)], true)
    row([t.tax, '', '', '', money(order.amount_tax)])
    row([t.inctax, '', '', '', money(order.amount_inctax)], true)
    doc.moveDown().font('Helvetica-Bold').text(t.breakdown, 50).font('Helvetica')
    for (const b of order.vat_breakdown) row([`${b.rate} %`, '', money(b.base), '', money(b.tax)])
    doc.moveDown(2).fontSize(9).fillColor('#555').text(t.terms, 50, doc.y, { width: 495 })
    doc.end()
  })
