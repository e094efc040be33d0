import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { round } from '../measure'

const DIST = fileURLToPath(new URL('../../app/dist/', import.meta.url))

/**
 * Scenario 5: the JavaScript the first page loads — the entry module and the modules it preloads,
 * as index.html names them, and the reader's shell texts it loads before its first render —
 * gzipped (level 9, as a server would send them).
 */
const TEXTS = fileURLToPath(new URL('../../app/src/i18n/texts/en/', import.meta.url))

/**
 * The longest English text of each area's namespace file (all but the shell's): a sample that
 * would betray the area's texts in a script.
 */
const areaSamples = () =>
  readdirSync(TEXTS)
    .filter((file) => file.endsWith('.ts') && file !== 'shell.ts')
    .map((file) => {
      const literals = [...readFileSync(join(TEXTS, file), 'utf8').matchAll(/: '((?:[^'\\]|\\.)*)'/g)].map(
        (m) => m[1] ?? '',
      )
      return { ns: file.replace(/\.ts$/, ''), text: literals.sort((a, b) => b.length - a.length)[0] ?? '' }
    })

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
  // No area's texts in the first page: each area's longest English text must be absent from it.
  const firstPage = scripts
    .map((src) => readFileSync(join(DIST, src.replace(/^.*?assets\//, 'assets/')), 'utf8'))
    .join('\n')
  const areaTextsInFirstPage = areaSamples()
    .filter((s) => firstPage.includes(s.text))
    .map((s) => s.ns)
  // Then, before the first render, the reader's shell texts: one language's chunk (the largest counted).
  const shellTexts = Math.max(
    ...readdirSync(join(DIST, 'assets'))
      .filter((file) => /^shell-[\w-]+\.js$/.test(file))
      .map((file) => gzipSync(readFileSync(join(DIST, 'assets', file)), { level: 9 }).length / 1024),
  )
  const scriptsKb = files.reduce((sum, f) => sum + f.gzip_kb, 0)
  return {
    files,
    shell_texts_gzip_kb: round(shellTexts, 1),
    area_texts_in_first_page: areaTextsInFirstPage,
    gzip_kb: round(scriptsKb + shellTexts, 1),
    targets: { gzip_kb_max: 200 },
  }
}
