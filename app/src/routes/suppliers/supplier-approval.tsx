import { dataOf } from '@procura/core/answer'
import {
  ForcedStatusInputSchema,
  type SupplierApprovalAnswer,
  SupplierApprovalAnswerSchema,
  SupplierApprovedAnswerSchema,
} from '@procura/core/supplier'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, SelectField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateInputField } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { useStatusLabel } from '../orders/use-status-label'
import { useSupplierActions } from './supplier-types'

const SupplierApprovalRead = dataOf(SupplierApprovalAnswerSchema)

export type Approval = SupplierApprovalAnswer

export const useApproval = (supplierId: number) =>
  useAnswer(`/bwapi/suppliers/${supplierId}/approval`, SupplierApprovalRead)

/** The approve (or renew) button: every missing item is named by the server when it refuses. */
export const ApproveButton = ({ supplierId, approval }: { supplierId: number; approval: Approval }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const toasts = useToasts()
  const change = useChange(['supplier'])
  const { message, busy, run } = useSubmit()
  const approve = () =>
    run(async () => {
      const done = await change.mutateAsync(() =>
        apiRead(`/bwapi/suppliers/${supplierId}/approve`, SupplierApprovedAnswerSchema, {
          method: 'POST',
        }),
      )
      toasts.show(
        'success',
        t('suppliers.approval.approved', { date: format.date(done.data.approved_until) }),
      )
    })
  return (
    <>
      <Button loading={busy} onClick={() => void approve()}>
        {approval.approved_until === null ? t('suppliers.approval.approve') : t('suppliers.approval.renew')}
      </Button>
      <FormAlert message={message} />
    </>
  )
}

/** Validators: where the approval stands, what is missing, who approves, the approvals given. */
export const ValidatorsTab = ({ approval }: { approval: Approval }) => {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <section aria-labelledby="approval-title">
      <h2 id="approval-title">
        {approval.approved_until === null
          ? t('suppliers.approval.neverApproved')
          : t('suppliers.approval.approvedUntil', { date: format.date(approval.approved_until) })}
      </h2>
      <p>
        {approval.approver_roles.length === 0
          ? t('suppliers.approval.anyBuyer')
          : t('suppliers.approval.roles', { roles: approval.approver_roles.map((r) => r.label).join(', ') })}
      </p>
      {approval.issues.length === 0 ? (
        <p>{t('suppliers.approval.ready')}</p>
      ) : (
        <>
          <h3>{t('suppliers.approval.missing')}</h3>
          <ul className="pc-issues">
            {approval.issues.map((issue) => (
              <li key={issue.message}>{issue.message}</li>
            ))}
          </ul>
        </>
      )}
      <h3>{t('suppliers.approval.history')}</h3>
      {approval.approvals.length === 0 ? (
        <p>{t('suppliers.approval.none')}</p>
      ) : (
        <Table
          label={t('suppliers.approval.history')}
          columns={[
            { key: 'by', header: t('suppliers.approval.by'), cell: (a) => a.user },
            {
              key: 'on',
              header: t('suppliers.approval.on'),
              cell: (a) => format.date(a.approved_on),
              className: 'pc-nowrap',
            },
            {
              key: 'until',
              header: t('suppliers.approval.until'),
              cell: (a) => format.date(a.valid_until),
              className: 'pc-nowrap',
            },
          ]}
          rows={approval.approvals}
          rowKey={(a) => a.id}
        />
      )}
    </section>
  )
}

/** Forced status: a status held until a date within the settings' maximum, and its removal. */
export const ForcedStatusTab = ({ supplierId, approval }: { supplierId: number; approval: Approval }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const toasts = useToasts()
  const mayManage = useSupplierActions(supplierId).may('force_status')
  const statusLabel = useStatusLabel()
  const change = useChange(['supplier'])
  const { errors, message, busy, send, run } = useSubmit()
  const [removing, setRemoving] = useState(false)
  const maxDays = approval.forced_status_max_days
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const body = { status: f.get('status'), until: f.get('until') }
    await send(ForcedStatusInputSchema, body, async () => {
      await change.mutateAsync(() =>
        apiFetch(`/bwapi/suppliers/${supplierId}/force-status`, { method: 'POST', body }),
      )
      toasts.show('success', t('suppliers.forced.saved'))
    })
  }
  const remove = () =>
    run(async () => {
      await change.mutateAsync(() =>
        apiFetch(`/bwapi/suppliers/${supplierId}/remove-forced-status`, { method: 'POST' }),
      )
      toasts.show('success', t('suppliers.forced.removed'))
    })
  return (
    <section aria-labelledby="forced-title">
      <h2 id="forced-title">
        {approval.forced_status === null || approval.forced_status_date === null
          ? t('suppliers.forced.none')
          : t('suppliers.forced.current', {
              status: statusLabel(approval.forced_status),
              date: format.date(approval.forced_status_date),
            })}
      </h2>
      <p>{t('suppliers.forced.explain', { days: maxDays })}</p>
      <FormAlert message={message} />
      {mayManage ? (
        <form onSubmit={submit} noValidate aria-label={t('suppliers.forced.save')}>
          <SelectField
            label={t('suppliers.forced.status')}
            name="status"
            defaultValue={approval.forced_status ?? 'active'}
            options={(['active', 'inactive'] as const).map((v) => ({ value: v, label: statusLabel(v) }))}
            errors={errors.status ?? []}
          />
          <DateInputField label={t('suppliers.forced.until')} name="until" errors={errors.until ?? []} />
          <Button type="submit" loading={busy}>
            {t('suppliers.forced.save')}
          </Button>{' '}
          {approval.forced_status === null ? null : (
            <Button variant="secondary" onClick={() => setRemoving(true)}>
              {t('suppliers.forced.remove')}
            </Button>
          )}
        </form>
      ) : null}
      <ConfirmDialog
        open={removing}
        title={t('suppliers.forced.remove')}
        message={t('suppliers.forced.removeConfirm')}
        confirmLabel={t('suppliers.forced.remove')}
        cancelLabel={t('common.back')}
        onCancel={() => setRemoving(false)}
        onConfirm={() => {
          setRemoving(false)
          void remove()
        }}
      />
    </section>
  )
}
