/** A value an administrator's "required" leaves unanswered: none, a blank text, an empty list. */
const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0)

/**
 * The optional fields the settings make required (spec §2 "required fields": misc.required_order_fields,
 * required_need_fields, required_delivery_fields), each left empty refused on its field
 * (`FIELD_REQUIRED`). A field named `lines.x` is asked of every line (refused as `lines.3.x`).
 */
export const requiredFieldIssues = (
  input: Readonly<Record<string, unknown>>,
  required: readonly string[],
): Record<string, { code: 'FIELD_REQUIRED' }[]> => {
  const issues: Record<string, { code: 'FIELD_REQUIRED' }[]> = {}
  for (const field of required) {
    if (field.startsWith('lines.')) {
      const name = field.slice('lines.'.length)
      const lines = Array.isArray(input.lines) ? (input.lines as Readonly<Record<string, unknown>>[]) : []
      lines.forEach((line, i) => {
        if (isEmpty(line[name])) issues[`lines.${i}.${name}`] = [{ code: 'FIELD_REQUIRED' }]
      })
    } else if (isEmpty(input[field])) issues[field] = [{ code: 'FIELD_REQUIRED' }]
  }
  return issues
}
