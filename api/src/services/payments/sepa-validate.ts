import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { SepaFormat } from '@procura/core/payment'
import { validateXML } from 'xmllint-wasm'

const SCHEMAS = fileURLToPath(new URL('./sepa-schemas/', import.meta.url))
const loaded = new Map<SepaFormat, Promise<string>>()
const schemaOf = (format: SepaFormat) => {
  let schema = loaded.get(format)
  if (schema === undefined) {
    schema = readFile(`${SCHEMAS}pain.001.001.${format}.xsd`, 'utf8')
    loaded.set(format, schema)
  }
  return schema
}

/** Enough WebAssembly memory for a file of this size (libxml2 keeps the tree and the schema). */
const pagesFor = (xml: string) => Math.min(65_536, 256 + Math.ceil((xml.length * 12) / 65_536))

/**
 * Validates a pain.001 file against the official ISO 20022 schema of its version, with libxml2
 * (xmllint compiled to WebAssembly, in a worker thread). Answers the schema's errors, empty when
 * the file is valid.
 */
export const sepaSchemaErrors = async (xml: string, format: SepaFormat): Promise<string[]> => {
  const result = await validateXML({
    xml: [{ fileName: 'payment.xml', contents: xml }],
    schema: [{ fileName: `pain.001.001.${format}.xsd`, contents: await schemaOf(format) }],
    initialMemoryPages: pagesFor(xml),
    maxMemoryPages: 65_536,
  })
  return result.valid ? [] : result.errors.map((e) => e.rawMessage)
}
