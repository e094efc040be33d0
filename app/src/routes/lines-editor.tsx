import { LinesEditor as KitLinesEditor, type LinesEditorProps } from '@procura/ui-kit/lines-editor'
import { useTranslation } from 'react-i18next'
import { DateInputField, DecimalField } from '../forms/fields'

export type { LineField } from '@procura/ui-kit/lines-editor'

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
 * The kit's lines editor in the reader's language: decimal fields in the reader's separators,
 * dates in the reader's calendar.
 */
export const LinesEditor = <L extends Record<string, unknown>>(
  props: Omit<LinesEditorProps<L>, 'labels' | 'renderField'>,
) => {
  const { t } = useTranslation()
  return (
    <KitLinesEditor<L>
      {...props}
      labels={{
        lines: t('orders.fields.lines'),
        line: (n) => t('orders.line', { n }),
        add: t('orders.addLine'),
        remove: t('orders.removeLine'),
      }}
      renderField={(field, f) =>
        field.decimal ? (
          <DecimalField
            label={f.label}
            value={f.value}
            onChange={(e) => f.onChange(e.target.value)}
            errors={f.errors}
          />
        ) : (
          <DateInputField
            label={f.label}
            value={f.value}
            onChange={(e) => f.onChange(e.target.value)}
            errors={f.errors}
          />
        )
      }
    />
  )
}
