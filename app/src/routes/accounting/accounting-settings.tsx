import {
  AccountingSettingsAnswerSchema,
  AccountingSettingsSchema,
  CSV_COLUMNS,
} from '@procura/core/accounting'
import { dataOf } from '@procura/core/answer'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { useToasts } from '@procura/ui-kit/toasts'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useChange } from '../../http/changes'
import { apiFetch } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useSubmit } from '../../http/use-submit'

const AccountingSettingsRead = dataOf(AccountingSettingsAnswerSchema)

const COLUMNS = CSV_COLUMNS
const SEPARATORS = [';', ',', '\t', '|']
const DATE_FORMATS = ['dd/MM/yyyy', 'yyyy-MM-dd', 'MM/dd/yyyy', 'yyyyMMdd']

/** The accounting export settings (administrators): the prefix (locked once exported), the journal, the CSV. */
export const AccountingSettings = () => {
  const { t } = useTranslation()
  const change = useChange(['accounting'])
  const toasts = useToasts()
  const settings = useAnswer('/bwapi/accounting-settings', AccountingSettingsRead)
  const { errors, message, busy, send } = useSubmit()
  if (settings.data === undefined) return null
  const s = settings.data.data
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const text = (name: string) => String(f.get(name) ?? '')
    const body = {
      accounting: {
        ...(s.prefix_locked ? {} : { export_prefix: text('export_prefix') }),
        journal_code: text('journal_code'),
        journal_label: text('journal_label').trim() === '' ? null : text('journal_label'),
        csv_separator: text('csv_separator'),
        csv_columns: COLUMNS.filter((c) => f.get(`column_${c}`) === 'on'),
      },
      formats: { decimal_delimiter: text('decimal_delimiter'), date_format: text('date_format') },
    }
    const done = await send(AccountingSettingsSchema, body, () =>
      change
        .mutateAsync(() =>
          apiFetch('/bwapi/accounting-settings', {
            method: 'PUT',
            body,
          }),
        )
        .then(() => undefined),
    )
    if (!done) return
    toasts.show('success', t('accounting.settingsSaved'))
  }
  return (
    <form aria-label={t('accounting.settingsTitle')} onSubmit={submit} noValidate>
      <h2>{t('accounting.settingsTitle')}</h2>
      <FormAlert message={message} />
      <TextField
        label={t('accounting.prefix')}
        name="export_prefix"
        defaultValue={s.accounting.export_prefix}
        disabled={s.prefix_locked}
        hint={s.prefix_locked ? t('accounting.prefixLocked') : t('accounting.prefixHint')}
        errors={errors['accounting.export_prefix'] ?? []}
      />
      <TextField
        label={t('accounting.journalCode')}
        name="journal_code"
        defaultValue={s.accounting.journal_code}
        errors={[]}
      />
      <TextField
        label={t('accounting.journalLabel')}
        name="journal_label"
        defaultValue={s.accounting.journal_label ?? ''}
        hint={t('accounting.journalLabelHint')}
        errors={[]}
      />
      <SelectField
        label={t('accounting.separator')}
        name="csv_separator"
        defaultValue={s.accounting.csv_separator}
        options={SEPARATORS.map((v) => ({ value: v, label: v === '\t' ? t('accounting.tab') : v }))}
      />
      <SelectField
        label={t('accounting.decimalDelimiter')}
        name="decimal_delimiter"
        defaultValue={s.formats.decimal_delimiter}
        options={[
          { value: '.', label: '1234.56' },
          { value: ',', label: '1234,56' },
        ]}
      />
      <SelectField
        label={t('accounting.dateFormat')}
        name="date_format"
        defaultValue={s.formats.date_format}
        options={DATE_FORMATS.map((v) => ({ value: v, label: v }))}
      />
      <fieldset>
        <legend>{t('accounting.columns')}</legend>
        {COLUMNS.map((c) => (
          <label key={c}>
            <input
              type="checkbox"
              name={`column_${c}`}
              defaultChecked={s.accounting.csv_columns.includes(c)}
            />{' '}
            {t(`accounting.columnNames.${c}`)}{' '}
          </label>
        ))}
      </fieldset>
      <Button type="submit" loading={busy}>
        {t('common.save')}
      </Button>
    </form>
  )
}
