import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The official schemas the project was given (../shared/schemas), copied beside the exporter. */
export const SEPA_SCHEMA = (format: '09' | '03') =>
  fileURLToPath(new URL(`../services/payments/sepa-schemas/pain.001.001.${format}.xsd`, import.meta.url))

/** The CDAR D22B root schema (the lifecycle messages of French e-invoicing), copied beside the service. */
export const CDAR_SCHEMA = fileURLToPath(
  new URL(
    '../services/invoices/cdar-schemas/CrossDomainAcknowledgementAndResponse_100pD22B.xsd',
    import.meta.url,
  ),
)

/**
 * Validates a document with the system's xmllint (Debian's libxml2-utils), independently of the
 * exporter's own WebAssembly libxml2: returns xmllint's complaints, empty when the file is valid.
 */
export const xmllint = (xml: string, schema: string): string => {
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', schema, '-'], {
      input: xml,
      stdio: ['pipe', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    })
    return ''
  } catch (error) {
    const failure = error as { code?: string; stderr?: Buffer }
    if (failure.code === 'ENOENT') throw new Error('xmllint is missing: apt-get install -y libxml2-utils')
    return failure.stderr?.toString() ?? String(error)
  }
}

/** The DTD excerpt of cXML 1.2.014's PunchOut messages (api/src/services/punchout/cxml-punchout.dtd). */
export const CXML_PUNCHOUT_DTD = fileURLToPath(
  new URL('../services/punchout/cxml-punchout.dtd', import.meta.url),
)

/** Validates a document against a DTD with xmllint (never fetching the one its DOCTYPE names): complaints, or ''. */
export const xmllintDtd = (xml: string, dtd: string): string => {
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--dtdvalid', dtd, '-'], {
      input: xml,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    return ''
  } catch (error) {
    const failure = error as { stderr?: Buffer }
    return failure.stderr?.toString() ?? String(error)
  }
}
