import { rowsOf } from '@procura/core/answer'
import {
  ContractInputSchema,
  type SupplierContractAnswer,
  SupplierContractAnswerSchema,
} from '@procura/core/supplier'
import { Button } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog, Modal } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateInputField, DecimalField } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { apiFetch } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { Attachments } from '../document-panel'
import { blank, useSupplierActions } from './supplier-types'

const SupplierContractRows = rowsOf(SupplierContractAnswerSchema)

type Contract = SupplierContractAnswer

const TONE = { active: 'validated', notice_due: 'partial', ended: 'canceled' } as const

/** Contracts: dates, tacit renewal, notice, amount, state and files; added and removed by buyers. */
export const SupplierContracts = ({ supplierId, currency }: { supplierId: number; currency: string }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const toasts = useToasts()
  const mayManage = useSupplierActions(supplierId).may('edit')
  const change = useChange(['supplier'])
  const base = `/bwapi/suppliers/${supplierId}/contracts`
  const contracts = useAnswer(base, SupplierContractRows)
  const [removing, setRemoving] = useState<Contract | null>(null)
  const [filesOf, setFilesOf] = useState<Contract | null>(null)
  const { errors, message, busy, send, run } = useSubmit()
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const f = new FormData(form)
    const months = String(f.get('notice_months') ?? '').trim()
    const body = {
      label: String(f.get('label') ?? ''),
      reference: blank(f, 'reference'),
      start_date: String(f.get('start_date') ?? ''),
      end_date: blank(f, 'end_date'),
      tacit_renewal: f.get('tacit_renewal') === 'on',
      notice_months: months === '' ? 0 : Number(months),
      amount_exctax: blank(f, 'amount_exctax'),
    }
    const saved = await send(ContractInputSchema, body, async () => {
      await change.mutateAsync(() => apiFetch(base, { method: 'POST', body }))
    })
    if (saved) {
      form.reset()
      toasts.show('success', t('common.saved'))
    }
  }
  const rows = contracts.data?.data ?? []
  const date = (value: string | null) => (value === null ? '—' : format.date(value))
  return (
    <section aria-labelledby="contracts-title">
      <h2 id="contracts-title">{t('suppliers.contracts.title')}</h2>
      {contracts.data !== undefined && rows.length === 0 ? <p>{t('suppliers.contracts.empty')}</p> : null}
      {rows.length > 0 ? (
        <div className="pc-table-scroll">
          <Table
            label={t('suppliers.contracts.title')}
            columns={[
              {
                key: 'label',
                header: t('suppliers.contracts.label'),
                cell: (c) => (
                  <>
                    {c.label}
                    {c.reference ? <small> ({c.reference})</small> : null}
                    {c.tacit_renewal ? (
                      <>
                        <br />
                        <small>{t('suppliers.contracts.tacit')}</small>
                      </>
                    ) : null}
                  </>
                ),
              },
              {
                key: 'period',
                header: t('suppliers.contracts.period'),
                className: 'pc-nowrap',
                cell: (c) =>
                  `${date(c.start_date)} → ${c.end_date === null ? t('suppliers.contracts.openEnded') : date(c.end_date)}`,
              },
              {
                key: 'notice',
                header: t('suppliers.contracts.noticeDeadline'),
                cell: (c) => date(c.notice_deadline),
                className: 'pc-nowrap',
              },
              {
                key: 'amount',
                header: t('suppliers.contracts.amount'),
                cell: (c) => (c.amount_exctax === null ? '—' : format.money(c.amount_exctax, currency)),
                numeric: true,
              },
              {
                key: 'state',
                header: t('suppliers.contracts.state'),
                cell: (c) => (
                  <StatusBadge status={TONE[c.state]} label={t(`suppliers.contracts.states.${c.state}`)} />
                ),
              },
              {
                key: 'files',
                header: t('suppliers.contracts.files'),
                cell: (c) => (
                  <Button size="small" variant="secondary" onClick={() => setFilesOf(c)}>
                    {t('suppliers.contracts.filesOf', { count: c.files })}
                    <span className="pc-visually-hidden"> — {c.label}</span>
                  </Button>
                ),
              },
              {
                key: 'actions',
                header: <span className="pc-visually-hidden">{t('table.actions')}</span>,
                cell: (c) =>
                  mayManage ? (
                    <Button size="small" variant="ghost" onClick={() => setRemoving(c)}>
                      {t('suppliers.contracts.remove', { label: c.label })}
                    </Button>
                  ) : null,
              },
            ]}
            rows={rows}
            rowKey={(c) => c.id}
          />
        </div>
      ) : null}
      {mayManage ? (
        <form onSubmit={submit} noValidate aria-labelledby="add-contract-title">
          <h3 id="add-contract-title">{t('suppliers.contracts.add')}</h3>
          <FormAlert message={message} />
          <TextField label={t('suppliers.contracts.label')} name="label" errors={errors.label ?? []} />
          <TextField
            label={t('suppliers.contracts.reference')}
            name="reference"
            errors={errors.reference ?? []}
          />
          <DateInputField
            label={t('suppliers.contracts.start')}
            name="start_date"
            errors={errors.start_date ?? []}
          />
          <DateInputField
            label={t('suppliers.contracts.end')}
            hint={t('suppliers.contracts.endHint')}
            name="end_date"
            errors={errors.end_date ?? []}
          />
          <CheckboxField label={t('suppliers.contracts.tacitRenewal')} name="tacit_renewal" />
          <TextField
            label={t('suppliers.contracts.noticeMonths')}
            name="notice_months"
            inputMode="numeric"
            errors={errors.notice_months ?? []}
          />
          <DecimalField
            label={t('suppliers.contracts.amount')}
            name="amount_exctax"
            errors={errors.amount_exctax ?? []}
          />
          <Button type="submit" size="small" loading={busy}>
            {t('suppliers.contracts.add')}
          </Button>
        </form>
      ) : null}
      <Modal
        open={filesOf !== null}
        title={t('suppliers.contracts.filesTitle', { label: filesOf?.label ?? '' })}
        closeLabel={t('common.close')}
        onClose={() => setFilesOf(null)}
      >
        {filesOf === null ? null : (
          <Attachments base={`/bwapi/supplier-contracts/${filesOf.id}`} stale={['supplier']} />
        )}
      </Modal>
      <ConfirmDialog
        open={removing !== null}
        title={t('suppliers.contracts.remove', { label: removing?.label ?? '' })}
        message={t('suppliers.contracts.removeConfirm', { label: removing?.label ?? '' })}
        confirmLabel={t('suppliers.contracts.remove', { label: removing?.label ?? '' })}
        cancelLabel={t('common.back')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const contract = removing
          setRemoving(null)
          if (contract !== null)
            void run(async () => {
              await change.mutateAsync(() => apiFetch(`${base}/${contract.id}`, { method: 'DELETE' }))
            })
        }}
      />
    </section>
  )
}
