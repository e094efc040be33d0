import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Saxon-HE, the XSLT 2.0 processor Debian ships (`apt-get install -y libsaxonhe-java`). */
export const SAXON_JAR = '/usr/share/java/Saxon-HE.jar'

/** The French rules on CDAR lifecycle messages (BR-FR-CDV) compiled to XSLT 2.0, copied beside the service. */
export const CDAR_RULES = {
  errors: fileURLToPath(
    new URL('../services/invoices/cdar-schemas/BR-FR-CDV-Schematron-CDAR.xslt', import.meta.url),
  ),
  warnings: fileURLToPath(
    new URL('../services/invoices/cdar-schemas/BR-FR-CDV-Schematron-CDAR_WARNING.xslt', import.meta.url),
  ),
}

/** A rule a document breaks: its id (BR-FR-CDV-…) and its message. */
export type FailedAssertion = { id: string; text: string }

const decode = (text: string) =>
  text
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()

/**
 * Runs a compiled Schematron (an XSLT 2.0 stylesheet writing SVRL) over each document with the
 * system's Saxon-HE, in one Java process for all of them: the assertions each document fails, in
 * the documents' order (an empty list for a document that passes).
 */
export const schematron = (documents: readonly string[], rules: string): FailedAssertion[][] => {
  if (!existsSync(SAXON_JAR)) throw new Error('Saxon-HE is missing: apt-get install -y libsaxonhe-java')
  const dir = mkdtempSync(join(tmpdir(), 'procura-schematron-'))
  try {
    mkdirSync(join(dir, 'in'))
    mkdirSync(join(dir, 'out'))
    documents.forEach((xml, i) => {
      writeFileSync(join(dir, 'in', `${i}.xml`), xml)
    })
    execFileSync(
      'java',
      [
        '-cp',
        SAXON_JAR,
        'net.sf.saxon.Transform',
        `-s:${join(dir, 'in')}`,
        `-o:${join(dir, 'out')}`,
        `-xsl:${rules}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    return documents.map((_, i) =>
      [
        ...readFileSync(join(dir, 'out', `${i}.xml`), 'utf8').matchAll(
          /<svrl:failed-assert\b[^>]*?\bid="([^"]*)"[^>]*>([\s\S]*?)<\/svrl:failed-assert>/g,
        ),
      ].map((m) => ({ id: m[1] ?? '', text: decode(m[2] ?? '') })),
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
