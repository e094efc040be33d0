import { Button } from '@procura/ui-kit/button'
import { SelectField, TextField } from '@procura/ui-kit/form-field'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DateInputField, DecimalField } from '../forms/fields'

export type LineField<L> = {
  key: keyof L & string
  label: string
  decimal?: boolean
  type?: 'text' | 'date'
  /** A choice among a few values instead of free text. */
  options?: readonly { value: string; label: string }[]
}

/** Lines as the API takes them: the optional fields left blank are sent as null. */
export const blankToNull = <L extends Record<string, string | null | undefined>>(
  lines: readonly L[],
  optional: readonly (keyof L & string)[],
): L[] =>
  lines.map((line) => {
    const copy: Record<string, string | null | undefined> = { ...line }
    for (const key of optional) if ((copy[key] ?? '').trim() === '') copy[key] = null
    return copy as L
  })

/**
 * The lines of a document being written (an order, a request): one fieldset per line, the
 * server's errors under each field (`lines.<i>.<field>`), add and remove.
 */
export const LinesEditor = <L extends Record<string, unknown>>({
  lines,
  fields,
  empty,
  errors,
  onChange,
  wide = false,
  picker,
}: {
  /** A way to fill a line at once (a catalogue article): given the line's index and a patcher. */
  picker?: (index: number, apply: (patch: Partial<L>) => void) => ReactNode
  /** Many fields per line: laid out on a wrapping grid. */
  wide?: boolean
  lines: readonly L[]
  fields: readonly LineField<L>[]
  empty: L
  errors: Record<string, string[]>
  onChange: (lines: L[]) => void
}) => {
  const { t } = useTranslation()
  const set = (i: number, key: string, value: string) =>
    onChange(lines.map((l, j) => (j === i ? { ...l, [key]: value } : l)))
  return (
    <fieldset>
      <legend>{t('orders.fields.lines')}</legend>
      {errors.lines ? <p className="pc-field__errors">{errors.lines.join(' ')}</p> : null}
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id until saved; their position is their identity
        <fieldset key={i} className={wide ? 'pc-order-line pc-order-line--wide' : 'pc-order-line'}>
          <legend className="pc-visually-hidden">{t('orders.line', { n: i + 1 })}</legend>
          {picker?.(i, (patch) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l))))}
          {fields.map((field) =>
            field.options !== undefined ? (
              <SelectField
                key={field.key}
                label={field.label}
                options={[...field.options]}
                value={String(line[field.key] ?? field.options[0]?.value ?? '')}
                onChange={(e) => set(i, field.key, e.target.value)}
                errors={errors[`lines.${i}.${field.key}`] ?? []}
              />
            ) : field.decimal ? (
              <DecimalField
                key={field.key}
                label={field.label}
                value={String(line[field.key] ?? '')}
                onChange={(e) => set(i, field.key, e.target.value)}
                errors={errors[`lines.${i}.${field.key}`] ?? []}
              />
            ) : field.type === 'date' ? (
              <DateInputField
                key={field.key}
                label={field.label}
                value={String(line[field.key] ?? '')}
                onChange={(e) => set(i, field.key, e.target.value)}
                errors={errors[`lines.${i}.${field.key}`] ?? []}
              />
            ) : (
              <TextField
                key={field.key}
                label={field.label}
                value={String(line[field.key] ?? '')}
                onChange={(e) => set(i, field.key, e.target.value)}
                errors={errors[`lines.${i}.${field.key}`] ?? []}
              />
            ),
          )}
          {lines.length > 1 ? (
            <Button variant="ghost" size="small" onClick={() => onChange(lines.filter((_, j) => j !== i))}>
              {t('orders.removeLine')}
            </Button>
          ) : (
            <span />
          )}
        </fieldset>
      ))}
      <Button variant="secondary" size="small" onClick={() => onChange([...lines, { ...empty }])}>
        {t('orders.addLine')}
      </Button>
    </fieldset>
  )
}
