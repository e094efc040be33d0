import { CreatedAnswerSchema, rowsOf } from '@procura/core/answer'
import {
  PaymentGroupInputSchema,
  type ProposedPaymentAnswer,
  ProposedPaymentAnswerSchema,
} from '@procura/core/payment'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, TextField } from '@procura/ui-kit/form-field'
import { Table } from '@procura/ui-kit/table'
import { addDays } from 'date-fns'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { DateInputField } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { ErrorState } from '../error-state'

const ProposedPaymentRows = rowsOf(ProposedPaymentAnswerSchema)

type Proposed = ProposedPaymentAnswer

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/**
 * payments/new: the proposal builder — "pay what is due by D": the validated, undisputed invoices
 * due by then, per company and currency; choose the invoices and amounts (all that remains by
 * default, less for a partial payment), the payment date, and make the group.
 */
export const PaymentProposal = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const navigate = useNavigate()
  const change = useChange(['payment'])
  const inTwoWeeks = isoDay(addDays(new Date(), 14))
  const [dueBy, setDueBy] = useState(inTwoWeeks)
  const [paymentDate, setPaymentDate] = useState(isoDay(addDays(new Date(), 1)))
  // Ticked or not, where the person changed it; otherwise every line but the held ones.
  const [ticked, setTicked] = useState<Record<number, boolean>>({})
  const isTicked = (i: Proposed['invoices'][number]) => ticked[i.id] ?? i.held !== true
  const [reasons, setReasons] = useState<Record<number, string>>({})
  const [amounts, setAmounts] = useState<Record<number, string>>({})
  const { errors, message, busy, send } = useSubmit()
  const proposal = useAnswer(`/bwapi/payment-groups/proposal?due_by=${dueBy}`, ProposedPaymentRows)
  if (proposal.isError) return <ErrorState error={proposal.error} />
  const make = async (group: Proposed) => {
    const made: { id?: number } = {}
    const lines = group.invoices.filter(isTicked).map((i) => ({
      supplier_invoice_id: i.id,
      amount_inctax: amounts[i.id]?.trim() || null,
      iban_check_reason: i.held === true ? reasons[i.id]?.trim() || null : null,
    }))
    const done = await send(PaymentGroupInputSchema, { payment_date: paymentDate, lines }, () =>
      change
        .mutateAsync(() =>
          apiRead('/bwapi/payment-groups', CreatedAnswerSchema, {
            method: 'POST',
            body: { payment_date: paymentDate, lines },
          }),
        )
        .then((r) => {
          made.id = r.data.id
        }),
    )
    if (done && made.id !== undefined) navigate(`/payments/${made.id}`)
  }
  return (
    <section>
      <h1>{t('payments.new')}</h1>
      <p>{t('payments.proposalHelp')}</p>
      <div className="pc-actions">
        <DateInputField
          label={t('payments.dueBy')}
          value={dueBy}
          onChange={(e) => setDueBy(e.target.value)}
          errors={[]}
        />
        <DateInputField
          label={t('payments.fields.paymentDate')}
          value={paymentDate}
          onChange={(e) => setPaymentDate(e.target.value)}
          errors={errors.payment_date ?? []}
        />
      </div>
      <FormAlert message={message} />
      {proposal.data === undefined ? (
        <p role="status">{t('common.loading')}</p>
      ) : proposal.data.data.length === 0 ? (
        <p>{t('payments.proposalEmpty', { date: format.date(dueBy) })}</p>
      ) : (
        proposal.data.data.map((group) => (
          <section
            key={`${group.company_id}/${group.currency_code}`}
            aria-label={`${group.company} ${group.currency_code}`}
          >
            <h2>
              {group.company} — {format.money(group.amount_inctax, group.currency_code)}
            </h2>
            <Table
              caption={t('payments.proposalCaption', {
                company: group.company,
                currency: group.currency_code,
              })}
              columns={[
                {
                  key: 'pay',
                  header: t('payments.pay'),
                  cell: (i) => (
                    <input
                      type="checkbox"
                      aria-label={t('payments.payInvoice', { code: i.code })}
                      checked={isTicked(i)}
                      onChange={(e) => setTicked((x) => ({ ...x, [i.id]: e.target.checked }))}
                    />
                  ),
                },
                {
                  key: 'invoice',
                  header: t('payments.fields.invoice'),
                  cell: (i) => `${i.code} (${i.label})`,
                },
                {
                  key: 'supplier',
                  header: t('payments.fields.supplier'),
                  cell: (i) => (
                    <>
                      {i.supplier}
                      {(i.iban_shared_with ?? []).length > 0 ? (
                        <strong role="alert" className="pc-warning">
                          {' '}
                          {t('bankAccounts.sharedWith', { suppliers: (i.iban_shared_with ?? []).join(', ') })}
                        </strong>
                      ) : null}
                      {i.held === true && isTicked(i) ? (
                        <TextField
                          label={t('payments.ibanCheckReason', { code: i.code })}
                          value={reasons[i.id] ?? ''}
                          onChange={(e) => setReasons((r) => ({ ...r, [i.id]: e.target.value }))}
                          errors={
                            errors[`lines.${group.invoices.filter(isTicked).indexOf(i)}.iban_check_reason`] ??
                            []
                          }
                        />
                      ) : null}
                    </>
                  ),
                },
                {
                  key: 'due_date',
                  header: t('payments.fields.dueDate'),
                  cell: (i) => format.date(i.due_date),
                },
                {
                  key: 'remaining',
                  header: t('payments.fields.remaining'),
                  cell: (i) => format.money(i.remaining, group.currency_code),
                  numeric: true,
                },
                {
                  key: 'amount',
                  header: t('payments.fields.amountToPay'),
                  cell: (i) => (
                    <input
                      aria-label={t('payments.amountFor', { code: i.code })}
                      inputMode="decimal"
                      placeholder={i.remaining}
                      size={10}
                      value={amounts[i.id] ?? ''}
                      onChange={(e) => setAmounts((a) => ({ ...a, [i.id]: e.target.value }))}
                    />
                  ),
                },
              ]}
              rows={group.invoices}
              rowKey={(i) => i.id}
            />
            <Button variant="primary" loading={busy} onClick={() => void make(group)}>
              {t('payments.create', { company: group.company })}
            </Button>
          </section>
        ))
      )}
    </section>
  )
}
