import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { SepaFormat } from '@procura/core/payment'

const SCHEMAS = fileURLToPath(new URL('./sepa-schemas/', import.meta.url))
const WORKER = new URL('./sepa-validator-worker.mjs', import.meta.url)

type Answer = { id: number; errors?: string[]; failure?: string }
type Waiting = { resolve: (errors: string[]) => void; reject: (error: Error) => void }

/**
 * One validation worker per process, started at the first file and kept: it compiles each
 * schema once. It holds the process open only while a file is being validated; if it dies, the
 * files waiting on it are failed and the next file starts a new one.
 */
let worker: Worker | null = null
let nextId = 0
const waiting = new Map<number, Waiting>()

const failAll = (error: Error) => {
  for (const w of waiting.values()) w.reject(error)
  waiting.clear()
  worker = null
}

const workerOf = () => {
  if (worker !== null) return worker
  const started = new Worker(WORKER, { workerData: { schemas: SCHEMAS } })
  started.on('message', (answer: Answer) => {
    const w = waiting.get(answer.id)
    if (w === undefined) return
    waiting.delete(answer.id)
    if (waiting.size === 0) started.unref()
    if (answer.failure !== undefined) w.reject(new Error(`libxml2 failed: ${answer.failure}`))
    else w.resolve(answer.errors ?? [])
  })
  started.on('error', failAll)
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`The SEPA validation worker stopped (exit code ${code})`))
  })
  started.unref()
  worker = started
  return started
}

/**
 * Validates a pain.001 file against the official ISO 20022 schema of its version with libxml2
 * (WebAssembly) in the long-lived worker. Answers the schema's errors, empty when the file is valid.
 */
export const sepaSchemaErrors = (xml: string, format: SepaFormat): Promise<string[]> => ask({ xml, format })

/** Starts the worker and compiles both schemas ahead of the first file (the server does at start). */
export const warmSepaValidation = () =>
  ask({ warm: ['03', '09'] satisfies SepaFormat[] }).then(() => undefined)

const ask = (message: Record<string, unknown>): Promise<string[]> =>
  new Promise((resolve, reject) => {
    const w = workerOf()
    nextId += 1
    waiting.set(nextId, { resolve, reject })
    w.ref()
    w.postMessage({ id: nextId, ...message })
  })
