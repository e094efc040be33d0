// The long-lived SEPA validation worker (plain JavaScript: it runs the same under tsx, vitest and
// the compiled server). It compiles each pain.001 schema once with libxml2 (WebAssembly) and keeps
// it; { id, warm: formats } compiles them ahead; each message { id, xml, format } is answered { id, errors } — the schema's errors, empty when
// the file is valid — or { id, failure } when libxml2 itself failed.
import { readFileSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { XmlDocument, XmlLibError, XsdValidator } from 'libxml2-wasm'

const validators = new Map()
const validatorOf = (format) => {
  let validator = validators.get(format)
  if (validator === undefined) {
    const xsd = XmlDocument.fromString(
      readFileSync(`${workerData.schemas}pain.001.001.${format}.xsd`, 'utf8'),
    )
    validator = XsdValidator.fromDoc(xsd)
    xsd.dispose()
    validators.set(format, validator)
  }
  return validator
}

const detailsOf = (error) =>
  error instanceof XmlLibError
    ? error.details.map((d) =>
        d.line === undefined ? d.message.trim() : `line ${d.line}: ${d.message.trim()}`,
      )
    : null

parentPort.on('message', ({ id, xml, format, warm }) => {
  if (warm !== undefined) {
    // Compile the schemas ahead of the first file (the server asks at start).
    for (const f of warm) validatorOf(f)
    parentPort.postMessage({ id, errors: [] })
    return
  }
  let doc
  try {
    doc = XmlDocument.fromString(xml)
    validatorOf(format).validate(doc)
    parentPort.postMessage({ id, errors: [] })
  } catch (error) {
    const details = detailsOf(error)
    if (details === null) parentPort.postMessage({ id, failure: String(error?.message ?? error) })
    else parentPort.postMessage({ id, errors: details.length > 0 ? details : [String(error.message)] })
  } finally {
    doc?.dispose()
  }
})
