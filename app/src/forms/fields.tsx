import { numberStyleFor } from '@procura/core/format'
import { FilterOptionsSchema } from '@procura/core/list'
import type { ModuleName } from '@procura/core/settings'
import { DateField } from '@procura/ui-kit/date-field'
import { DateRangeField, type DayRange } from '@procura/ui-kit/date-range-field'
import { FileDrop, type FileDropProps } from '@procura/ui-kit/file-drop'
import { SelectField, type SelectFieldProps, type TextFieldProps } from '@procura/ui-kit/form-field'
import { NumberField } from '@procura/ui-kit/number-field'
import { SearchCombobox } from '@procura/ui-kit/search-combobox'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAnswer } from '../http/use-api'
import { useModules } from '../http/use-modules'

/** What a changed value looks like to the forms that read `e.target.value`. */
type ValueChange = { target: { value: string } }
type Common = Pick<TextFieldProps, 'label' | 'errors' | 'hint' | 'name' | 'disabled' | 'required'> & {
  value?: string
  defaultValue?: string
  onChange?: (change: ValueChange) => void
}

/** The reader's locale for dates ("fr" → "fr-FR"). */
const LOCALES: Record<string, string> = { en: 'en-GB', fr: 'fr-FR', es: 'es-ES' }

/**
 * A quantity, price or amount in the reader's way of writing numbers (fr "1 234,50"); the form
 * gets the exact decimal string ("1234.5"). `currency` shows an amount's currency beside it.
 */
export const DecimalField = ({
  onChange,
  value,
  defaultValue,
  currency,
  ...props
}: Common & { currency?: string; onCommit?: (value: string) => void }) => {
  const { i18n } = useTranslation()
  return (
    <NumberField
      {...props}
      label={props.label}
      numberStyle={numberStyleFor(i18n.language)}
      {...(value !== undefined ? { value: String(value) } : {})}
      {...(defaultValue !== undefined ? { defaultValue: String(defaultValue) } : {})}
      {...(currency ? { currency } : {})}
      {...(onChange ? { onChange: (next: string) => onChange({ target: { value: next } }) } : {})}
    />
  )
}

/** A date typed or picked in the reader's language and calendar; the form gets an ISO date. */
export const DateInputField = ({
  onChange,
  value,
  defaultValue,
  errors,
  hint,
  name,
  required,
  label,
}: Common) => {
  const { t, i18n } = useTranslation()
  return (
    <DateField
      label={label}
      locale={LOCALES[i18n.language] ?? i18n.language}
      {...(value !== undefined ? { value: String(value) } : {})}
      {...(defaultValue !== undefined ? { defaultValue: String(defaultValue) } : {})}
      {...(onChange ? { onChange: (next: string) => onChange({ target: { value: next } }) } : {})}
      {...(name ? { name } : {})}
      {...(errors ? { errors } : {})}
      {...(hint ? { hint } : {})}
      {...(required ? { isRequired: true } : {})}
      calendarLabel={t('common.calendar')}
      previousLabel={t('common.previousMonth')}
      nextLabel={t('common.nextMonth')}
    />
  )
}

/** A range of days in the reader's language (one field, one calendar); either bound may stay open. */
export const DateRangeInputField = ({
  label,
  value,
  onChange,
}: {
  label: string
  value: DayRange
  onChange: (next: DayRange) => void
}) => {
  const { t, i18n } = useTranslation()
  return (
    <DateRangeField
      label={label}
      locale={LOCALES[i18n.language] ?? i18n.language}
      value={value}
      onChange={onChange}
      calendarLabel={t('common.calendar')}
      previousLabel={t('common.previousMonth')}
      nextLabel={t('common.nextMonth')}
      startLabel={t('lists.rangeStart')}
      endLabel={t('lists.rangeEnd')}
    />
  )
}

/**
 * A choice among many rows (suppliers, articles, people), found by typing: the options come from a
 * list's filter options (`source`, a …/filter-list/{field} path); the form gets the chosen value
 * in a hidden input named `name`.
 */
export const OptionPicker = ({
  label,
  name,
  source,
  hint,
  errors,
  onPick,
  initial = null,
  disabled = false,
}: {
  label: string
  name: string
  source: string
  hint?: string
  errors?: readonly string[]
  onPick?: (value: string | null) => void
  /** The option chosen when the form opens (an edited document's). */
  initial?: { value: string; label: string } | null
  disabled?: boolean
}) => {
  const { t } = useTranslation()
  const [text, setText] = useState(initial?.label ?? '')
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(initial)
  // The label just chosen, read in the same event as the choice (state would still be stale).
  const chosenLabel = useRef<string | null>(initial?.label ?? null)
  // Once chosen, the list holds the chosen option (asked by its value), so the choice stays in it.
  // The list keeps its options while the next answer loads: were it empty a moment after a choice,
  // the combobox would lose the chosen option and, on leaving the field, empty it.
  const found = useAnswer(
    chosen === null
      ? `${source}?search=${encodeURIComponent(text.trim())}`
      : `${source}?value=${encodeURIComponent(chosen.value)}`,
    FilterOptionsSchema,
    { keepPrevious: true },
  )
  return (
    <>
      <SearchCombobox
        label={label}
        {...(hint ? { hint } : {})}
        {...(disabled ? { isDisabled: true } : {})}
        items={(found.data?.data ?? []).slice(0, 50).map((o) => ({ id: o.value, label: o.label }))}
        inputValue={text}
        onInputChange={(typed) => {
          setText(typed)
          // The combobox writes the chosen option's label in the input: that is no new search.
          if (typed === chosenLabel.current) return
          chosenLabel.current = null
          setChosen(null)
          onPick?.(null)
        }}
        onSelect={(option) => {
          chosenLabel.current = option.label
          setChosen({ value: String(option.id), label: option.label })
          setText(option.label)
          onPick?.(String(option.id))
        }}
        emptyLabel={t('lists.noOption')}
        {...(errors ? { errors } : {})}
      />
      <input type="hidden" name={name} value={chosen?.value ?? ''} />
    </>
  )
}

/** A file field people can drop a file on, with the upload's progress (0 to 1) while it is sent. */
export const FileField = (props: Omit<FileDropProps, 'labels'>) => {
  const { t } = useTranslation()
  return (
    <FileDrop
      {...props}
      labels={{ drop: t('lists.dropFile'), progress: (percent) => t('lists.uploaded', { percent }) }}
    />
  )
}

/**
 * A choice an optional module brings (the company with multi-company, the currency with
 * multi-currency): a select while the module is on; off, the one value it can take, kept in a hidden
 * field. Off with several values still offered (older data), the select stays: nothing is chosen
 * for the reader.
 */
export const ModuleSelect = ({ module, ...props }: SelectFieldProps & { module: ModuleName }) => {
  const modules = useModules()
  const only = props.options.length === 1 ? props.options[0] : undefined
  if (modules[module] || only === undefined) return <SelectField {...props} />
  return <input type="hidden" name={props.name} value={only.value} />
}
