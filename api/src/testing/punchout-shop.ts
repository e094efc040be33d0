import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const SHOP = fileURLToPath(new URL('../../../scripts/punchout-shop.mjs', import.meta.url))

export type TestShop = { url: string; stop: () => Promise<void> }

/**
 * The PunchOut test shop (scripts/punchout-shop.mjs) as a separate process on a free port, as a
 * supplier's shop runs: cXML at /cxml/setup, OCI at /oci.
 */
export const startTestShop = (env: Record<string, string> = {}): Promise<TestShop> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SHOP], {
      env: { ...process.env, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const timer = setTimeout(() => reject(new Error(`The test shop did not start: ${output}`)), 20_000)
    child.stdout.on('data', (chunk) => {
      output += String(chunk)
      const port = /listening on (\d+)/.exec(output)?.[1]
      if (port === undefined) return
      clearTimeout(timer)
      resolve({
        url: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done()
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
    child.stderr.on('data', (chunk) => {
      output += String(chunk)
    })
    child.once('exit', (code) => reject(new Error(`The test shop exited (${code}): ${output}`)))
  })

/** The hidden fields of the shop's page that carries the basket back, and where it posts them. */
export const basketForm = (html: string) => {
  const decode = (v: string) =>
    v.replace(
      /&(lt|gt|amp|quot|apos);/g,
      (_, n: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[n] ?? '',
    )
  const action = decode(/<form id="back" method="post" action="([^"]*)"/.exec(html)?.[1] ?? '')
  const fields: Record<string, string> = {}
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[decode(match[1] ?? '')] = decode(match[2] ?? '')
  return { action, fields }
}
