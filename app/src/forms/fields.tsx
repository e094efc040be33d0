import { numberStyleFor } from '@procura/core/format'
import { DateField } from '@procura/ui-kit/date-field'
import type { TextFieldProps } from '@procura/ui-kit/form-field'
import { NumberField } from '@procura/ui-kit/number-field'
import { useTranslation } from 'react-i18next'

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
