import { Fragment, type ReactNode } from 'react'
import { Button } from '../button/button'
import { SelectField, TextField } from '../form-field/form-field'

export type LineField<L> = {
  key: keyof L & string
  label: string
  /** A quantity, price or amount (drawn by `renderField`, in the reader's separators). */
  decimal?: boolean
  type?: 'text' | 'date'
  /** A choice among a few values instead of free text. */
  options?: readonly { value: string; label: string }[]
}

export type LinesEditorLabels = {
  /** The fieldset's legend ("Lines"). */
  lines: string
  /** One line's legend, for assistive technology ("Line 2"). */
  line: (n: number) => string
  add: string
  remove: string
}

/** What a field needs to draw itself: its value, its change, and its errors. */
export type LineFieldProps = {
  label: string
  value: string
  onChange: (value: string) => void
  errors: string[]
}

export type LinesEditorProps<L> = {
  lines: readonly L[]
  fields: readonly LineField<L>[]
  /** A new line's values. */
  empty: L
  /** The server's errors by field path (`lines.<i>.<field>`), and `lines` for the lines as a whole. */
  errors: Record<string, string[]>
  onChange: (lines: L[]) => void
  labels: LinesEditorLabels
  /** Draws the decimal and date fields (the reader's number style and calendar); text and choices are the kit's. */
  renderField?: (field: LineField<L>, props: LineFieldProps) => ReactNode
  /** A way to fill a line at once (a catalogue article): given the line's index and a patcher. */
  picker?: (index: number, apply: (patch: Partial<L>) => void) => ReactNode
  /** Many fields per line: laid out on a wrapping grid. */
  wide?: boolean
}

/**
 * The lines of a document being written (an order, a request, a transfer): one fieldset per line,
 * the server's errors under each field, add and remove (the last line stays).
 */
export const LinesEditor = <L extends Record<string, unknown>>({
  lines,
  fields,
  empty,
  errors,
  onChange,
  labels,
  renderField,
  picker,
  wide = false,
}: LinesEditorProps<L>) => {
  const set = (i: number, key: string, value: string) =>
    onChange(lines.map((l, j) => (j === i ? { ...l, [key]: value } : l)))
  return (
    <fieldset>
      <legend>{labels.lines}</legend>
      {errors.lines ? <p className="pc-field__errors">{errors.lines.join(' ')}</p> : null}
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id until saved; their position is their identity
        <fieldset key={i} className={wide ? 'pc-order-line pc-order-line--wide' : 'pc-order-line'}>
          <legend className="pc-visually-hidden">{labels.line(i + 1)}</legend>
          {picker?.(i, (patch) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l))))}
          {fields.map((field) => {
            const props: LineFieldProps = {
              label: field.label,
              value: String(line[field.key] ?? ''),
              onChange: (value) => set(i, field.key, value),
              errors: errors[`lines.${i}.${field.key}`] ?? [],
            }
            if (field.options !== undefined)
              return (
                <SelectField
                  key={field.key}
                  label={field.label}
                  options={[...field.options]}
                  value={String(line[field.key] ?? field.options[0]?.value ?? '')}
                  onChange={(e) => props.onChange(e.target.value)}
                  errors={props.errors}
                />
              )
            if ((field.decimal || field.type === 'date') && renderField !== undefined)
              return <Fragment key={field.key}>{renderField(field, props)}</Fragment>
            return (
              <TextField
                key={field.key}
                label={field.label}
                value={props.value}
                onChange={(e) => props.onChange(e.target.value)}
                errors={props.errors}
              />
            )
          })}
          {lines.length > 1 ? (
            <Button variant="ghost" size="small" onClick={() => onChange(lines.filter((_, j) => j !== i))}>
              {labels.remove}
            </Button>
          ) : (
            <span />
          )}
        </fieldset>
      ))}
      <Button variant="secondary" size="small" onClick={() => onChange([...lines, { ...empty }])}>
        {labels.add}
      </Button>
    </fieldset>
  )
}
