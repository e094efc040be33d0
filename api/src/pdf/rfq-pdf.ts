import { formatNumber, numberStyleFor } from '@procura/core/format'
import type { Language } from '@procura/core/i18n'
import { referenceLabel } from '@procura/core/i18n'
import { numberPages } from './page-numbers'
import { loadPdfKit } from './pdfkit'

export type RfqPdfData = {
  code: string
  title: string
  /** The last day answers are taken, written in the reader's format. */
  replyBy: string
  buyerCompany: string
  buyerAddress: string | null
  buyerName: string
  buyerEmail: string
  supplier: { company_name: string; code: string; address: string | null }
  currency: string
  comment: string | null
  lines: { label: string; quantity: string; unit: string; wanted_on: string | null }[]
}

const TEXT = {
  en: {
    title: 'Request for quotation',
    from: 'Asked by',
    to: 'Supplier',
    replyBy: 'Answer by',
    currency: 'Prices in',
    item: 'Item',
    qty: 'Quantity',
    wanted: 'Wanted on',
    price: 'Your unit price',
    note: 'Note',
    answer:
      'For each line, give your unit price excluding tax, the quantity you offer, your lead time in days, how long your price holds and any minimum quantity — through the supplier portal or by replying to the buyer. Answers received after the deadline are not taken.',
    page: 'Page {n} / {total}',
  },
  es: {
    title: 'Solicitud de cotización',
    from: 'Solicitada por',
    to: 'Proveedor',
    replyBy: 'Responder antes del',
    currency: 'Precios en',
    item: 'Artículo',
    qty: 'Cantidad',
    wanted: 'Deseado el',
    price: 'Su precio unitario',
    note: 'Nota',
    answer:
      'Para cada línea, indique su precio unitario sin impuestos, la cantidad que ofrece, su plazo de entrega en días, la validez de su precio y la cantidad mínima, en el portal de proveedores o respondiendo al comprador. Las respuestas recibidas después del plazo no se tienen en cuenta.',
    page: 'Página {n} / {total}',
  },
  fr: {
    title: 'Demande de prix',
    from: 'Demandée par',
    to: 'Fournisseur',
    replyBy: 'Réponse avant le',
    currency: 'Prix en',
    item: 'Article',
    qty: 'Quantité',
    wanted: 'Souhaité le',
    price: 'Votre prix unitaire',
    note: 'Note',
    answer:
      'Pour chaque ligne, indiquez votre prix unitaire hors taxes, la quantité proposée, votre délai en jours, la durée de validité de votre prix et une éventuelle quantité minimale — sur le portail fournisseurs ou en répondant à l’acheteur. Les réponses reçues après la date limite ne sont pas prises en compte.',
    page: 'Page {n} / {total}',
  },
} as const

/** A request for quotation as a PDF (A4), in the supplier contact's language: parties, deadline, lines to price. */
export const renderRfqPdf = async (rfq: RfqPdfData, language: Language): Promise<Buffer> => {
  const PDFDocument = await loadPdfKit()
  return new Promise((resolve, reject) => {
    const t = TEXT[language]
    const style = numberStyleFor(language)
    const number = (value: string) => formatNumber(value, style.decimal_delimiter, ' ')
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      bufferPages: true,
      info: { Title: `${t.title} ${rfq.code}` },
    })
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)

    doc.fontSize(20).text(`${t.title} ${rfq.code}`)
    doc.fontSize(12).fillColor('#333').text(rfq.title)
    doc.moveDown().fillColor('#000').fontSize(11)
    const party = (title: string, lines: (string | null)[], x: number, y: number) => {
      doc.font('Helvetica-Bold').text(title, x, y, { width: 240 }).font('Helvetica')
      for (const line of lines) if (line) doc.text(line, x, doc.y, { width: 240 })
      return doc.y
    }
    const top = doc.y
    const left = party(
      t.from,
      [rfq.buyerCompany, rfq.buyerAddress, rfq.buyerName, rfq.buyerEmail || null],
      50,
      top,
    )
    const right = party(
      t.to,
      [`${rfq.supplier.company_name} (${rfq.supplier.code})`, rfq.supplier.address],
      305,
      top,
    )
    doc.x = 50
    doc.y = Math.max(left, right)
    doc.moveDown()
    doc.font('Helvetica-Bold').text(`${t.replyBy}: ${rfq.replyBy}`, 50, doc.y, { width: 495 })
    doc.font('Helvetica').text(`${t.currency}: ${rfq.currency}`, 50, doc.y, { width: 495 })
    if (rfq.comment !== null && rfq.comment.trim() !== '')
      doc
        .moveDown(0.5)
        .font('Helvetica-Bold')
        .text(`${t.note}:`, 50, doc.y, { width: 495 })
        .font('Helvetica')
        .text(rfq.comment, 50, doc.y, { width: 495 })
    doc.moveDown()
    const columns = [50, 275, 365, 445] as const
    const widths = [220, 85, 75, 100] as const
    const row = (cells: readonly string[], bold = false) => {
      const y = doc.y
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10)
      cells.forEach((cell, i) => {
        doc.text(cell, columns[i] ?? 50, y, { width: widths[i] ?? 75 })
      })
      doc.moveDown(0.6)
      doc.x = 50
    }
    row([t.item, t.qty, t.wanted, t.price], true)
    for (const line of rfq.lines)
      row([
        line.label,
        `${number(line.quantity)} ${referenceLabel('unit', line.unit, line.unit, language)}`,
        line.wanted_on ?? '',
        '…………………',
      ])
    doc.moveDown(2).fontSize(9).fillColor('#555').text(t.answer, 50, doc.y, { width: 495 })
    numberPages(doc, t.page)
    doc.end()
  })
}
