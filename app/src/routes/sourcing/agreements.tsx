import { CreatedAnswerSchema, dataOf } from '@procura/core/answer'
import { OrderFormDataAnswerSchema } from '@procura/core/purchase-order'
import {
  AgreementAnswerSchema,
  AgreementInputSchema,
  type AgreementLineAnswer,
  AgreementRowAnswerSchema,
  CEILING_KINDS,
} from '@procura/core/sourcing'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { DocumentHeader } from '@procura/ui-kit/document-header'
import { FormAlert, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { DateInputField, ModuleSelect, OptionPicker } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { ArticlePicker } from '../article-picker'
import { RefuseDialog, RefusedActions } from '../decision'
import { DocumentPanel } from '../document-panel'
import { ErrorState } from '../error-state'
import { LinesEditor } from '../lines-editor'
import { ListPage } from '../list-page'
import { useStatusLabel } from '../orders/use-status-label'
import { DocumentHistory } from '../traces'

const AgreementRead = dataOf(AgreementAnswerSchema)

type AgreementLine = AgreementLineAnswer
type FormLine = {
  article_id?: number | null
  label: string
  unit: string
  unit_price_exctax: string
  vat_rate: string
  ceiling_kind: string
  ceiling: string
}

const STALE = ['/bwapi/framework-agreements', '/bwapi/purchase-orders'] as const

/** framework-agreements: the agreements, ending soonest first, on the one list page. */
export const AgreementsList = () => {
  const { t } = useTranslation()
  return (
    <ListPage
      row={AgreementRowAnswerSchema}
      base="/bwapi/framework-agreements"
      name="framework-agreements"
      title={t('sourcing.agreements.title')}
      defaultSort={{ key: 'ends_on', direction: 'asc' }}
      render={{ code: (r) => <Link to={`/framework-agreements/${r.id}`}>{r.code}</Link> }}
      rowLabel={(r) => r.code}
      actions={
        <ButtonLink as={Link} variant="primary" to="/framework-agreements/new">
          {t('sourcing.agreements.new')}
        </ButtonLink>
      }
      empty={t('sourcing.agreements.empty')}
    />
  )
}

const EMPTY_LINE: FormLine = {
  label: '',
  unit: 'unit',
  unit_price_exctax: '',
  vat_rate: '20',
  ceiling_kind: 'quantity',
  ceiling: '',
}

/** framework-agreements/new: a supplier, a validity period and lines with price and ceiling. */
export const NewAgreement = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const change = useChange([...STALE])
  const choices = useAnswer('/bwapi/purchase-orders/create', OrderFormDataAnswerSchema)
  const { errors, message, busy, send } = useSubmit()
  const [supplier, setSupplier] = useState<string | null>(null)
  const [lines, setLines] = useState<FormLine[]>([{ ...EMPTY_LINE }])
  if (choices.isError) return <ErrorState error={choices.error} />
  if (choices.data === undefined) return <p role="status">{t('common.loading')}</p>
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const body = {
      label: String(f.get('label') ?? ''),
      supplier_id: supplier === null ? null : Number(supplier),
      company_id: Number(f.get('company_id')),
      currency_code: f.get('currency_code'),
      starts_on: String(f.get('starts_on') ?? ''),
      ends_on: String(f.get('ends_on') ?? ''),
      lines,
    }
    await send(AgreementInputSchema, body, async () => {
      const made = await change.mutateAsync(() =>
        apiRead('/bwapi/framework-agreements', CreatedAnswerSchema, { method: 'POST', body }),
      )
      navigate(`/framework-agreements/${made.data.id}`)
    })
  }
  return (
    <form onSubmit={submit} noValidate>
      <h1>{t('sourcing.agreements.new')}</h1>
      <FormAlert message={message} />
      <TextField label={t('sourcing.agreements.label')} name="label" errors={errors.label ?? []} />
      <OptionPicker
        label={t('sourcing.agreements.supplier')}
        name="supplier_id"
        source="/bwapi/purchase-orders/filter-list/supplier_id"
        onPick={setSupplier}
        errors={errors.supplier_id ?? []}
      />
      <ModuleSelect
        module="multi_company"
        label={t('sourcing.agreements.company')}
        name="company_id"
        options={choices.data.companies.map((c) => ({ value: String(c.id), label: c.label }))}
        errors={errors.company_id ?? []}
      />
      <ModuleSelect
        module="multi_currency"
        label={t('sourcing.agreements.currency')}
        name="currency_code"
        options={choices.data.currencies.map((c) => ({ value: c.code, label: `${c.code} (${c.symbol})` }))}
        errors={errors.currency_code ?? []}
      />
      <DateInputField
        label={t('sourcing.agreements.startsOn')}
        name="starts_on"
        errors={errors.starts_on ?? []}
      />
      <DateInputField label={t('sourcing.agreements.endsOn')} name="ends_on" errors={errors.ends_on ?? []} />
      <LinesEditor<FormLine>
        lines={lines}
        wide
        fields={[
          { key: 'label', label: t('sourcing.agreements.lineLabel') },
          { key: 'unit', label: t('sourcing.agreements.unit') },
          { key: 'unit_price_exctax', label: t('sourcing.agreements.price'), decimal: true },
          { key: 'vat_rate', label: t('sourcing.agreements.vatRate'), decimal: true },
          {
            key: 'ceiling_kind',
            label: t('sourcing.agreements.ceilingKind'),
            options: CEILING_KINDS.map((k) => ({
              value: k,
              label: t(`sourcing.agreements.ceilingKinds.${k}`),
            })),
          },
          { key: 'ceiling', label: t('sourcing.agreements.ceiling'), decimal: true },
        ]}
        empty={EMPTY_LINE}
        errors={errors}
        onChange={setLines}
        picker={(_, apply) => (
          <ArticlePicker
            onPick={(article) =>
              apply({
                article_id: article.id,
                label: article.label,
                unit_price_exctax: article.price_exctax.includes('.')
                  ? article.price_exctax.replace(/\.?0+$/, '')
                  : article.price_exctax,
                vat_rate: article.vat_rate,
              })
            }
          />
        )}
      />
      <Button type="submit" loading={busy}>
        {t('common.save')}
      </Button>
    </form>
  )
}

/**
 * framework-agreements/{id}: the agreement, each line's consumption (agreed, ordered, received,
 * invoiced, remaining), the orders drawing on it and the actions this user may take.
 */
export const AgreementPage = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const format = useFormat()
  const statusLabel = useStatusLabel()
  const toasts = useToasts()
  const change = useChange([...STALE])
  const { message, busy, run } = useSubmit()
  const [refusing, setRefusing] = useState(false)
  const [confirming, setConfirming] = useState<string | null>(null)
  const answer = useAnswer(`/bwapi/framework-agreements/${id}`, AgreementRead)
  if (answer.isError) return <ErrorState error={answer.error} />
  const a = answer.data?.data
  if (a === undefined) return <p role="status">{t('common.loading')}</p>
  const act = (action: string, body: Record<string, string> = {}) =>
    run(async () => {
      await change.mutateAsync(() =>
        apiFetch(`/bwapi/framework-agreements/${a.id}/${action}`, { method: 'POST', body }),
      )
      toasts.show('success', t(`sourcing.agreements.done.${action}`, { code: a.code }))
    })
  const quantity = (line: AgreementLine, value: string) =>
    line.ceiling_kind === 'amount' ? format.money(value, a.currency_code) : format.quantity(value, line.unit)
  return (
    <section>
      <DocumentHeader
        code={a.code}
        actionsLabel={t('table.actions')}
        badges={<StatusBadge status={a.status} label={t(`sourcing.agreements.statuses.${a.status}`)} />}
        actions={a.actions.map((action) =>
          action === 'refuse' ? (
            <Button key={action} variant="danger" onClick={() => setRefusing(true)}>
              {t('sourcing.agreements.actions.refuse')}
            </Button>
          ) : action === 'close' || action === 'cancel' ? (
            <Button key={action} variant="ghost" onClick={() => setConfirming(action)}>
              {t(`sourcing.agreements.actions.${action}`)}
            </Button>
          ) : (
            <Button key={action} loading={busy} onClick={() => void act(action)}>
              {t(`sourcing.agreements.actions.${action}`)}
            </Button>
          ),
        )}
      >
        <FormAlert message={message} />
        <RefusedActions
          refused={a.refused_actions}
          label={(action) => t(`sourcing.agreements.actions.${action}`)}
        />
        <dl className="pc-facts">
          <dt>{t('sourcing.agreements.label')}</dt>
          <dd>{a.label}</dd>
          <dt>{t('sourcing.agreements.supplier')}</dt>
          <dd>
            <Link to={`/suppliers/${a.supplier.id}`}>{a.supplier.company_name}</Link>
          </dd>
          <dt>{t('sourcing.agreements.validity')}</dt>
          <dd>
            {t('sourcing.agreements.fromTo', { from: format.date(a.starts_on), to: format.date(a.ends_on) })}
          </dd>
          <dt>{t('sourcing.agreements.used')}</dt>
          <dd>{t('sourcing.agreements.usedPercent', { percent: a.used_percent })}</dd>
          {a.allowance_percent === '0' ? null : (
            <>
              <dt>{t('sourcing.agreements.allowance')}</dt>
              <dd>{a.allowance_percent} %</dd>
            </>
          )}
          {a.waiting_on.length === 0 ? null : (
            <>
              <dt>{t('sourcing.agreements.waitingOn')}</dt>
              <dd>{a.waiting_on.join(', ')}</dd>
            </>
          )}
          {a.refusal_reason === null ? null : (
            <>
              <dt>{t('sourcing.agreements.refusal')}</dt>
              <dd>{a.refusal_reason}</dd>
            </>
          )}
        </dl>
      </DocumentHeader>
      <div className="pc-table-scroll">
        <Table
          caption={t('sourcing.agreements.lines')}
          columns={[
            { key: 'label', header: t('sourcing.agreements.lineLabel'), cell: (line) => line.label },
            {
              key: 'price',
              header: t('sourcing.agreements.price'),
              cell: (line) => format.money(line.unit_price_exctax, a.currency_code),
              numeric: true,
            },
            {
              key: 'ceiling',
              header: t('sourcing.agreements.ceiling'),
              cell: (line) => quantity(line, line.original),
            },
            {
              key: 'ordered',
              header: t('sourcing.agreements.ordered'),
              cell: (line) => quantity(line, line.drawn),
            },
            {
              key: 'received',
              header: t('sourcing.agreements.received'),
              cell: (line) => quantity(line, line.received),
            },
            {
              key: 'invoiced',
              header: t('sourcing.agreements.invoiced'),
              cell: (line) => quantity(line, line.invoiced),
            },
            {
              key: 'remaining',
              header: t('sourcing.agreements.remaining'),
              cell: (line) => quantity(line, line.remaining),
            },
            {
              key: 'used',
              header: t('sourcing.agreements.used'),
              cell: (line) => (
                <>
                  <meter min={0} max={100} value={Math.min(line.used_percent, 100)} aria-label={line.label} />{' '}
                  {line.used_percent} %
                </>
              ),
            },
          ]}
          rows={a.lines}
          rowKey={(line) => line.id}
        />
      </div>
      <h2>{t('sourcing.agreements.orders')}</h2>
      {a.orders.length === 0 ? (
        <p>{t('sourcing.agreements.noOrders')}</p>
      ) : (
        <ul className="pc-link-list">
          {a.orders.map((o) => (
            <li key={o.id}>
              <Link to={`/purchase-orders/${o.id}`}>{o.code}</Link> ({statusLabel(o.status)})
            </li>
          ))}
        </ul>
      )}
      <DocumentPanel base={`/bwapi/framework-agreements/${a.id}`} recipients={[]} />
      <DocumentHistory model="framework_agreement" id={a.id} />
      <RefuseDialog
        open={refusing}
        code={a.code}
        author="buyer"
        onCancel={() => setRefusing(false)}
        onRefuse={(reason) => {
          setRefusing(false)
          void act('refuse', { reason })
        }}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={t(`sourcing.agreements.actions.${confirming ?? 'close'}`)}
        message={t(`sourcing.agreements.confirm.${confirming ?? 'close'}`, { code: a.code })}
        confirmLabel={t(`sourcing.agreements.actions.${confirming ?? 'close'}`)}
        cancelLabel={t('common.back')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const action = confirming
          setConfirming(null)
          if (action !== null) void act(action)
        }}
      />
    </section>
  )
}
