import { CheckboxField, SelectField, TextField } from '@procura/ui-kit/form-field'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Supplier } from './supplier-types'

/** A whole number typed in a field, or null when blank (the server refuses what is not one). */
const wholeNumber = (f: FormData, name: string): number | null => {
  const value = String(f.get(name) ?? '').trim()
  return value === '' ? null : Number(value)
}

/** The payment term the fields below hold (core/payment PaymentTerm), or null for none. */
export const paymentTermOf = (f: FormData) =>
  f.get('term_kind') === 'none'
    ? null
    : {
        on_receipt: f.get('term_kind') === 'on_receipt',
        days: wholeNumber(f, 'term_days') ?? 0,
        month_end: f.get('term_month_end') === 'on',
        fixed_day: wholeNumber(f, 'term_fixed_day'),
        payment_deadline: wholeNumber(f, 'term_deadline'),
      }

/** The supplier's payment term (core/payment): printed on its orders, it sets its invoices' due dates. */
export const PaymentTermFields = ({
  supplier,
  errors,
}: {
  supplier: Supplier | null
  errors: Record<string, string[]>
}) => {
  const { t } = useTranslation()
  const term = supplier?.payment_term ?? null
  const [kind, setKind] = useState(term === null ? 'none' : term.on_receipt ? 'on_receipt' : 'days')
  const fieldErrors = (key: string) => errors[`payment_term.${key}`] ?? []
  return (
    <fieldset>
      <legend>{t('suppliers.terms.title')}</legend>
      <SelectField
        label={t('suppliers.terms.type')}
        name="payment_type"
        defaultValue={supplier?.payment_type ?? 'transfer'}
        options={[
          { value: 'transfer', label: t('suppliers.terms.transfer') },
          { value: 'none', label: t('suppliers.terms.noType') },
        ]}
      />
      <SelectField
        label={t('suppliers.terms.kind')}
        name="term_kind"
        value={kind}
        onChange={(e) => setKind(e.target.value)}
        options={[
          { value: 'none', label: t('suppliers.terms.none') },
          { value: 'on_receipt', label: t('suppliers.terms.onReceipt') },
          { value: 'days', label: t('suppliers.terms.afterDays') },
        ]}
        errors={errors.payment_term ?? []}
      />
      {kind === 'days' ? (
        <>
          <TextField
            label={t('suppliers.terms.days')}
            name="term_days"
            inputMode="numeric"
            defaultValue={String(term?.days ?? 30)}
            errors={fieldErrors('days')}
          />
          <CheckboxField
            label={t('suppliers.terms.monthEnd')}
            name="term_month_end"
            defaultChecked={term?.month_end ?? false}
          />
          <TextField
            label={t('suppliers.terms.fixedDay')}
            hint={t('suppliers.terms.optional')}
            name="term_fixed_day"
            inputMode="numeric"
            defaultValue={term?.fixed_day === null || term === null ? '' : String(term.fixed_day)}
            errors={fieldErrors('fixed_day')}
          />
          <TextField
            label={t('suppliers.terms.deadline')}
            hint={t('suppliers.terms.optional')}
            name="term_deadline"
            inputMode="numeric"
            defaultValue={
              term?.payment_deadline === null || term === null ? '' : String(term.payment_deadline)
            }
            errors={fieldErrors('payment_deadline')}
          />
        </>
      ) : null}
    </fieldset>
  )
}
