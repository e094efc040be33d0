import { rowsOf } from '@procura/core/answer'
import { isSupplierContact } from '@procura/core/auth'
import { formatFileSize } from '@procura/core/format'
import { isLanguage } from '@procura/core/i18n'
import {
  type SupplierFileAnswer,
  SupplierFileAnswerSchema,
  SupplierFileCategoryAnswerSchema,
  SupplierFileTypeAnswerSchema,
} from '@procura/core/supplier'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateInputField, FileField } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { apiFetch, apiUpload } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { useCurrentUser } from '../../session/session'
import { useSupplierActions } from './supplier-types'

const SupplierFileRows = rowsOf(SupplierFileAnswerSchema)
const SupplierFileTypeRows = rowsOf(SupplierFileTypeAnswerSchema)
const SupplierFileCategoryRows = rowsOf(SupplierFileCategoryAnswerSchema)

type SupplierFile = SupplierFileAnswer

/** The badge colour of a document's state (StatusBadge reads statuses). */
const TONE = { awaiting: 'awaiting', valid: 'validated', expiring: 'partial', expired: 'refused' } as const

/**
 * Documents: the supplier's files with their state today (awaiting validation, valid, expiring,
 * expired), added by buyers or by the supplier's own contact, validated by their category's role.
 */
export const SupplierDocuments = ({ supplierId }: { supplierId: number }) => {
  const { t, i18n } = useTranslation()
  const format = useFormat()
  const toasts = useToasts()
  const user = useCurrentUser()
  const mayManage = useSupplierActions(supplierId).may('edit')
  const change = useChange(['supplier'])
  const base = `/bwapi/suppliers/${supplierId}/files`
  const files = useAnswer(base, SupplierFileRows)
  const types = useAnswer('/bwapi/supplier-file-types', SupplierFileTypeRows)
  const categories = useAnswer('/bwapi/supplier-file-categories', SupplierFileCategoryRows)
  const [typeId, setTypeId] = useState('')
  const [progress, setProgress] = useState<number | null>(null)
  const [removing, setRemoving] = useState<SupplierFile | null>(null)
  const { errors, message, busy, run } = useSubmit()
  const language = isLanguage(i18n.language) ? i18n.language : 'en'
  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const body = new FormData(form)
    const saved = await run(async () => {
      await change.mutateAsync(() => apiUpload(base, body, setProgress))
    })
    setProgress(null)
    if (saved) {
      form.reset()
      setTypeId('')
      toasts.show('success', t('suppliers.documents.added'))
    }
  }
  const act = (work: () => Promise<unknown>, done: string) =>
    run(async () => {
      await change.mutateAsync(work)
      toasts.show('success', done)
    })
  const rows = files.data?.data ?? []
  return (
    <section aria-labelledby="documents-title">
      <h2 id="documents-title">{t('suppliers.documents.title')}</h2>
      <FormAlert message={message} />
      {files.data !== undefined && rows.length === 0 ? <p>{t('suppliers.documents.empty')}</p> : null}
      {rows.length > 0 ? (
        <div className="pc-table-scroll">
          <Table
            label={t('suppliers.documents.title')}
            columns={[
              {
                key: 'type',
                header: t('suppliers.documents.type'),
                cell: (f) => (
                  <>
                    {f.type ?? f.label}
                    <br />
                    <small>{f.category}</small>
                  </>
                ),
              },
              {
                key: 'document_date',
                header: t('suppliers.documents.documentDate'),
                cell: (f) => format.date(f.document_date),
                className: 'pc-nowrap',
              },
              {
                key: 'validity_date',
                header: t('suppliers.documents.validityDate'),
                cell: (f) =>
                  f.validity_date === null ? t('suppliers.documents.noEnd') : format.date(f.validity_date),
                className: 'pc-nowrap',
              },
              {
                key: 'state',
                header: t('suppliers.documents.state'),
                cell: (f) => (
                  <StatusBadge status={TONE[f.state]} label={t(`suppliers.documents.states.${f.state}`)} />
                ),
              },
              {
                key: 'file',
                header: t('suppliers.documents.file'),
                cell: (f) => (
                  <>
                    <a
                      href={`${base}/${f.id}`}
                      download={f.name}
                      aria-label={t('suppliers.documents.download', { name: f.name })}
                    >
                      {f.name}
                    </a>{' '}
                    <small>({formatFileSize(f.size, language)})</small>
                  </>
                ),
              },
              { key: 'sent_by', header: t('suppliers.documents.sentBy'), cell: (f) => f.sent_by },
              {
                key: 'actions',
                header: <span className="pc-visually-hidden">{t('table.actions')}</span>,
                className: 'pc-row-actions',
                cell: (f) => (
                  <>
                    {f.validated_at === null && f.state !== 'expired' && !isSupplierContact(user) ? (
                      <Button
                        size="small"
                        title={
                          f.validator_role
                            ? t('suppliers.documents.validatedBy', { role: f.validator_role })
                            : undefined
                        }
                        onClick={() =>
                          void act(
                            () => apiFetch(`${base}/${f.id}/validate`, { method: 'POST' }),
                            t('suppliers.documents.validated'),
                          )
                        }
                      >
                        {t('suppliers.documents.validate')}
                      </Button>
                    ) : null}
                    {mayManage ? (
                      <Button size="small" variant="ghost" onClick={() => setRemoving(f)}>
                        {t('suppliers.documents.remove')}
                      </Button>
                    ) : null}
                  </>
                ),
              },
            ]}
            rows={rows}
            rowKey={(f) => f.id}
          />
        </div>
      ) : null}
      <form onSubmit={upload} noValidate aria-labelledby="add-document-title">
        <h3 id="add-document-title">{t('suppliers.documents.add')}</h3>
        <SelectField
          label={t('suppliers.documents.type')}
          name="type_id"
          value={typeId}
          onChange={(e) => setTypeId(e.target.value)}
          options={[
            { value: '', label: t('suppliers.documents.noType') },
            ...(types.data?.data ?? []).map((type) => ({ value: String(type.id), label: type.label })),
          ]}
          errors={errors.type_id ?? []}
        />
        {typeId === '' ? (
          <>
            <SelectField
              label={t('suppliers.documents.category')}
              name="category_id"
              options={(categories.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.label }))}
              errors={errors.category_id ?? []}
            />
            <TextField
              label={t('suppliers.documents.label')}
              hint={t('suppliers.documents.labelHint')}
              name="label"
              errors={errors.label ?? []}
            />
          </>
        ) : null}
        <DateInputField
          label={t('suppliers.documents.documentDate')}
          name="document_date"
          errors={errors.document_date ?? []}
        />
        <FileField
          label={t('suppliers.documents.file')}
          name="file"
          progress={progress}
          errors={errors.file ?? []}
        />
        <Button type="submit" size="small" loading={busy}>
          {t('suppliers.documents.add')}
        </Button>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title={t('suppliers.documents.remove')}
        message={t('suppliers.documents.removeConfirm', { name: removing?.name ?? '' })}
        confirmLabel={t('suppliers.documents.remove')}
        cancelLabel={t('common.back')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const file = removing
          setRemoving(null)
          if (file !== null)
            void act(
              () => apiFetch(`${base}/${file.id}`, { method: 'DELETE' }),
              t('suppliers.documents.remove'),
            )
        }}
      />
    </section>
  )
}
