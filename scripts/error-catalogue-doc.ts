import { MESSAGE_GROUPS, placeholdersOf } from '@procura/core/errors'

/** docs/domain/error-catalogue.md, generated from the catalogue so the doc cannot drift. */
export const renderErrorCatalogue = (): string => {
  const escapeCell = (text: string) => text.replace(/\|/g, '\\|')
  const lines = [
    '# Error catalogue',
    '',
    'Generated from `core/src/errors/messages/` by `npm run docs:catalogue`; a test fails when this',
    'file differs from the code. Codes are stable; texts may be reworded. `{name}` marks a parameter.',
    '',
  ]
  for (const [group, table] of Object.entries(MESSAGE_GROUPS)) {
    lines.push(`## ${group}`, '', '| code | parameters | en | es | fr |', '|---|---|---|---|---|')
    for (const [code, texts] of Object.entries(table)) {
      const params = placeholdersOf(texts.en).join(', ')
      lines.push(
        `| \`${code}\` | ${params} | ${escapeCell(texts.en)} | ${escapeCell(texts.es)} | ${escapeCell(texts.fr)} |`,
      )
    }
    lines.push('')
  }
  return lines.join('\n')
}
