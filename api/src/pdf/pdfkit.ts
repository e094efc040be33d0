import type PDFKit from 'pdfkit'

/** The pdfkit document class. */
export type PdfDocument = InstanceType<typeof PDFKit>

/**
 * pdfkit, loaded when a first PDF is written: with its fonts it costs about a quarter of a second
 * to load, which every server and CLI start would pay otherwise.
 */
export const loadPdfKit = async (): Promise<typeof PDFKit> => (await import('pdfkit')).default
