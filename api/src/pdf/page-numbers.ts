import type { PdfDocument } from './pdfkit'

/**
 * Writes "Page n / total" at the foot of every page, once every page exists (the document must be
 * made with `bufferPages`). The footer sits in the bottom margin: the margin is lifted while it is
 * written, else pdfkit would start a new page.
 */
export const numberPages = (doc: PdfDocument, template: string) => {
  const pages = doc.bufferedPageRange()
  for (let i = 0; i < pages.count; i += 1) {
    doc.switchToPage(pages.start + i)
    const bottom = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    doc
      .fontSize(8)
      .fillColor('#555')
      .text(
        template.replace('{n}', String(i + 1)).replace('{total}', String(pages.count)),
        50,
        doc.page.height - 40,
        { width: 495, align: 'right', lineBreak: false },
      )
    doc.page.margins.bottom = bottom
  }
}
