import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createTestApp } from '@procura/api/testing/app'
import { signInOverHttp } from '@procura/api/testing/http-session'
import { COMPILED_SERVER, type ServeProcess, startServeProcess } from '@procura/api/testing/serve-process'
import { log, percentile, round } from '../measure'
import { insertOrders } from './lists'

export type LoadResult = {
  processes: number
  clients: number
  orders: number
  seconds: number
  orders_per_second: number
  /** Per order: create, submit and validate, three requests in a row. */
  p50_ms: number
  p99_ms: number
  /** The share of the machine's CPU time busy during the run (all processes: servers, database, clients). */
  machine_cpu_busy: number | null
  /** CPU seconds per order spent by the API processes (the rest is the database and the clients). */
  api_cpu_ms_per_order: number | null
}

/** The machine's busy and total CPU ticks since boot (Linux /proc/stat), or null elsewhere. */
const machineTicks = (): { busy: number; total: number } | null => {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number)
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0)
    const total = fields.reduce((a, b) => a + b, 0)
    return { busy: total - idle, total }
  } catch {
    return null
  }
}

/** CPU ticks (user + system) a process used so far (Linux /proc), or null elsewhere. */
const processTicks = (pid: number | undefined): number | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return null
  }
}
const TICKS_PER_SECOND = 100

type Client = { url: string; buyer: string; validator: string }

const xsrfOf = (cookie: string) => /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? ''

const post = async (url: string, cookie: string, body: unknown) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      cookie,
      'x-xsrf-token': xsrfOf(cookie),
    },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (response.status !== 200 && response.status !== 201)
    throw new Error(`POST ${url}: ${response.status} ${text.slice(0, 300)}`)
  return JSON.parse(text) as { data: { id: number; status: string } }
}

/**
 * `clients` concurrent clients, spread over the servers, each creating, submitting (as the buyer)
 * and validating (as the validator) orders one after the other over HTTP until `total` are done.
 */
const runLoad = async (
  servers: ServeProcess[],
  clients: number,
  total: number,
  input: unknown,
): Promise<LoadResult> => {
  const sessions: Client[] = []
  for (let i = 0; i < clients; i += 1) {
    const url = (servers[i % servers.length] as ServeProcess).url
    const buyer = (await signInOverHttp(url, 'buyer')).cookie
    const validator = (await signInOverHttp(url, 'validator')).cookie
    sessions.push({ url, buyer, validator })
  }
  const one = async (client: Client) => {
    const created = await post(`${client.url}/bwapi/purchase-orders`, client.buyer, input)
    const id = created.data.id
    await post(`${client.url}/bwapi/purchase-orders/${id}/submit`, client.buyer, {})
    const validated = await post(`${client.url}/bwapi/purchase-orders/${id}/validate`, client.validator, {})
    if (validated.data.status !== 'validated') throw new Error(`order ${id}: ${validated.data.status}`)
  }
  // Warm-up: each client once (connections, caches, the servers' compiled paths).
  await Promise.all(sessions.map(one))
  let remaining = total
  const samples: number[] = []
  const machineBefore = machineTicks()
  const apiTicks = () =>
    servers.reduce<number | null>((sum, s) => {
      const ticks = processTicks(s.process.pid)
      return sum === null || ticks === null ? null : sum + ticks
    }, 0)
  const apiBefore = apiTicks()
  const started = performance.now()
  await Promise.all(
    sessions.map(async (client) => {
      while (remaining > 0) {
        remaining -= 1
        const t0 = performance.now()
        await one(client)
        samples.push(performance.now() - t0)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const machineAfter = machineTicks()
  const apiAfter = apiTicks()
  samples.sort((a, b) => a - b)
  return {
    processes: servers.length,
    clients,
    orders: total,
    seconds: round(seconds, 3),
    orders_per_second: round(total / seconds, 1),
    p50_ms: round(percentile(samples, 50)),
    p99_ms: round(percentile(samples, 99)),
    machine_cpu_busy:
      machineBefore === null || machineAfter === null
        ? null
        : round((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)),
    api_cpu_ms_per_order:
      apiBefore === null || apiAfter === null
        ? null
        : round((((apiAfter - apiBefore) / TICKS_PER_SECOND) * 1000) / total, 1),
  }
}

/**
 * Orders created, submitted and validated over HTTP by real `procura serve` processes on a database
 * holding `existing` orders: one client, then 8 concurrent clients on one process, then (when
 * `twoProcesses`, PostgreSQL) 8 clients spread over two processes sharing the database.
 */
export const concurrencyScenario = async (options: {
  existing: number
  orders: number
  twoProcesses: boolean
}) => {
  const t = await createTestApp({ checkResponses: false })
  const dir = mkdtempSync(join(tmpdir(), 'procura-bench-serve-'))
  const servers: ServeProcess[] = []
  try {
    if (options.existing > 0) await insertOrders(t, options.existing)
    const id = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)
    // No yearly ceiling in the way of a long run.
    await t.client.execute(
      "UPDATE suppliers SET max_per_year = NULL, max_per_order = NULL WHERE code = 'OFFICEPRO'",
    )
    const input = {
      supplier_id: await id("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'"),
      company_id: await id("SELECT id FROM companies WHERE code = 'ACME'"),
      currency_code: 'EUR',
      lines: [
        { label: 'Copy paper A4', quantity: '10', unit_price_exctax: '4.99', vat_rate: '20' },
        { label: 'Toner', quantity: '2', unit_price_exctax: '64.90', vat_rate: '20' },
        { label: 'Manual', quantity: '1', unit_price_exctax: '12.50', vat_rate: '5.5' },
      ],
    }
    // BENCH_SERVE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the servers.
    const nodeArgs = (process.env.BENCH_SERVE_NODE_ARGS ?? '').split(' ').filter(Boolean)
    const env = {
      ...process.env,
      PROCURA_DATABASE_URL: t.url,
      PROCURA_DEMO: '0',
      PROCURA_STORAGE_DIR: join(dir, 'files'),
      PROCURA_OUTBOX_DIR: join(dir, 'outbox'),
      LOG_FORMAT: 'json',
    }
    // The compiled server, as `npm start` runs it (`npm run bench` builds it first).
    servers.push(await startServeProcess(env, nodeArgs, COMPILED_SERVER))
    const [first] = servers as [ServeProcess]
    log('  1 process, 1 client')
    const oneClient = await runLoad([first], 1, options.orders, input)
    log('  1 process, 8 clients')
    const eightClients = await runLoad([first], 8, options.orders, input).catch((error: unknown) => {
      // A refused call is a defect of the run: say what the server logged.
      throw new Error(`${(error as Error).message}\n${first.output.join('').slice(-3000)}`)
    })
    let twoProcesses: LoadResult | null = null
    if (options.twoProcesses) {
      servers.push(await startServeProcess(env, nodeArgs, COMPILED_SERVER))
      log('  2 processes, 8 clients')
      twoProcesses = await runLoad(servers, 8, options.orders, input)
    }
    return {
      existing_orders: options.existing,
      one_client: oneClient,
      eight_clients: eightClients,
      two_processes: twoProcesses,
      clients_ratio: round(eightClients.orders_per_second / oneClient.orders_per_second),
      processes_ratio:
        twoProcesses === null ? null : round(twoProcesses.orders_per_second / eightClients.orders_per_second),
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
    await t.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
