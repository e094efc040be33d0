import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { SHELL_TEXTS } from '../i18n/shell-texts'

// The app's sources, whether the tests run from the repository or from app/.
const ROOT = existsSync(join(process.cwd(), 'app', 'src'))
  ? join(process.cwd(), 'app', 'src')
  : join(process.cwd(), 'src')
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.tsx') ? [path] : []
  })

test('a confirmation never offers two buttons of the same name: its dismiss button says Back, not Cancel', () => {
  const dialogs = sources(ROOT).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/<ConfirmDialog[\s\S]*?\/>/g)].map((m) => ({ file, text: m[0] })),
  )
  expect(dialogs.length).toBeGreaterThan(10)
  for (const { file, text } of dialogs) expect(text, file).not.toContain("cancelLabel={t('common.cancel')}")
  // "Back" differs from every action a dialog confirms, in every language.
  for (const language of ['en', 'es', 'fr'] as const) {
    const { common } = SHELL_TEXTS[language]
    expect(common.back).not.toBe(common.cancel)
  }
})
