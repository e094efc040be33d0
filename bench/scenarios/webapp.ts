import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { round } from '../measure'

const DIST = fileURLToPath(new URL('../../app/dist/', import.meta.url))

/**
 * Scenario 5: the JavaScript the first page loads — the entry module and the modules it preloads,
 * as index.html names them — gzipped (level 9, as a server would send them).
 */
export const webAppScenario = () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8')
  const scripts = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
  ].map((m) => m[1] as string)
  const files = scripts.map((src) => {
    const path = join(DIST, src.replace(/^.*?assets\//, 'assets/'))
    const bytes = readFileSync(path)
    return {
      file: src,
      raw_kb: round(bytes.length / 1024, 1),
      gzip_kb: round(gzipSync(bytes, { level: 9 }).length / 1024, 1),
    }
  })
  return {
    files,
    gzip_kb: round(
      files.reduce((sum, f) => sum + f.gzip_kb, 0),
      1,
    ),
    targets: { gzip_kb_max: 250 },
  }
}
