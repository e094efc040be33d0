import { isLanguage } from '@procura/core/i18n'
import { LIFECYCLE_REASONS, lifecycleReasonsFor } from '@procura/core/invoice'
import { SelectField } from '@procura/ui-kit/form-field'
import { useTranslation } from 'react-i18next'

/**
 * A reason from the e-invoicing reform's controlled list, those it allows for the status the action
 * raises (core lifecycleReasonsFor: a refusal needs one; JUSTIF_ABS suspends; a hold suspends, 208).
 */
export const ReasonCodeField = ({
  event,
  value,
  onChange,
  required = false,
  errors = [],
}: {
  event: 'refused' | 'dispute_opened' | 'put_on_hold'
  value: string
  onChange: (code: string) => void
  required?: boolean
  /** The server's (or the schema's) refusal of the code. */
  errors?: string[]
}) => {
  const { t, i18n } = useTranslation()
  const language = isLanguage(i18n.language) ? i18n.language : 'en'
  return (
    <SelectField
      label={t('invoices.reasonCode')}
      value={value}
      required={required}
      errors={errors}
      onChange={(e) => onChange(e.target.value)}
      options={[
        { value: '', label: t('invoices.noReasonCode') },
        ...lifecycleReasonsFor(event).map((code) => ({
          value: code,
          label: `${code} — ${LIFECYCLE_REASONS[code][language]}`,
        })),
      ]}
    />
  )
}
