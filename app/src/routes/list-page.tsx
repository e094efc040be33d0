import { fieldOf, ListViewInputSchema, listAnswerOf } from '@procura/core/list'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { ColumnChooser } from '@procura/ui-kit/column-chooser'
import {
  type DataColumn,
  DataTable,
  type FilterDefinition,
  type RowAction,
  type TotalsRow,
} from '@procura/ui-kit/data-table'
import { Select, TextField } from '@procura/ui-kit/form-field'
import { Icon } from '@procura/ui-kit/icon'
import { ConfirmDialog, Modal } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useToasts } from '@procura/ui-kit/toasts'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { z } from 'zod'
import { DateRangeInputField, DecimalField } from '../forms/fields'
import { ApiError, apiRead } from '../http/client'
import type { Formatter } from '../http/format'
import { useFormat } from '../http/use-format'
import { useSubmit } from '../http/use-submit'
import { ErrorState } from './error-state'
import { type IndexColumn, useListIndex } from './use-list-index'
import { useListParams } from './use-list-params'
import { useListViews } from './use-list-views'
import { useTableLabels } from './use-table-labels'

export type ListPageProps<Row extends { id: number }> = {
  /** The list's API ("/bwapi/purchase-orders"): its rows, index, filter options, bulk actions and export. */
  base: string
  /** A row as the API answers it: the area's core row schema (the API declares the same). */
  row: z.ZodType<Row>
  /** The section's class, where the page lays the list out with something beside it (the cart). */
  className?: string
  /** The list's name in saved views (core's list definition name). */
  name: string
  title: string
  defaultSort: { key: string; direction: 'asc' | 'desc' }
  /** How a column shows, where its kind's default is not enough (a link, a translated kind). */
  render?: Partial<Record<string, (row: Row) => ReactNode>>
  rowLabel: (row: Row) => string
  rowActions?: (row: Row) => RowAction[]
  onRowAction?: (row: Row, action: string) => void
  /** Replaces the index's bulk actions and their confirmation (a list with its own). */
  bulk?: { actions: RowAction[]; onAction: (action: string, ids: number[]) => void }
  /** The page's primary actions, beside its title. */
  actions?: ReactNode
  /** What the page shows between its header and the list (a form the list's rows come from). */
  before?: ReactNode
  /** What the empty list says and offers, when no filter is set. */
  empty?: ReactNode
  children?: ReactNode
}

/** What a column shows by its kind: statuses as badges, amounts in their currency, dates as the reader writes them. */
const cellOf = <Row,>(column: IndexColumn, format: Formatter) => {
  const field = column.field ?? column.key
  return (row: Row): ReactNode => {
    const record = row as Record<string, unknown>
    const value = fieldOf(record, field)
    if (value === null || value === undefined || value === '') return '—'
    if (column.kind === 'status')
      return <StatusBadge status={String(value)} label={column.labels?.[String(value)] ?? String(value)} />
    if (column.kind === 'amount')
      return format.money(String(value), column.currency ? (record[column.currency] as string | null) : null)
    if (column.kind === 'number') return format.number(String(value))
    if (column.kind === 'date') return format.date(String(value))
    if (column.kind === 'datetime') return format.dateTime(String(value))
    return Array.isArray(value) ? value.join(', ') : String(value)
  }
}

/** The list keys the rows' query does not take (they are the page's, not the list's). */
const PAGE_KEYS = new Set(['columns', 'view'])

/**
 * The one list page: the index's columns (chosen and ordered by the reader, kept), server-side
 * paging, sort, search and filters as chips, the totals of the filtered rows, saved views (the URL
 * carries the current one), export of what is shown as CSV or Excel, bulk actions.
 */
export const ListPage = <Row extends { id: number }>(props: ListPageProps<Row>) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const format = useFormat()
  const labels = useTableLabels()
  const [, setParams] = useSearchParams()
  const { params, update, sort } = useListParams(props.defaultSort)
  const conventions = useListIndex(props.base, params)
  const views = useListViews(props.name)
  const rowsQuery = new URLSearchParams([...params].filter(([key]) => !PAGE_KEYS.has(key))).toString()
  const list = useQuery({
    queryKey: [props.base, rowsQuery],
    queryFn: async ({ signal }) => {
      return apiRead(`${props.base}?${rowsQuery}`, listAnswerOf(props.row), { signal })
    },
    placeholderData: (previous) => previous,
  })

  // A list opened bare opens on the reader's default view, once.
  const opened = useRef(false)
  useEffect(() => {
    if (opened.current || !views.loaded) return
    opened.current = true
    const preferred = views.views.find((v) => v.is_default)
    if (preferred === undefined || [...params].length > 0) return
    setParams(viewParams(preferred), { replace: true })
  })

  const [saving, setSaving] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const indexColumns = conventions.index.data?.columns ?? []
  const known = new Set(indexColumns.map((c) => c.key))
  const fromUrl = (params.get('columns') ?? '').split(',').filter((k) => known.has(k))
  const shown =
    fromUrl.length > 0
      ? fromUrl
      : (views.columns?.filter((k) => known.has(k)) ??
        indexColumns.filter((c) => c.visible).map((c) => c.key))
  const current = views.views.find((v) => String(v.id) === params.get('view'))

  // A query the list refuses (a filter's value in a shared or old link): the page stays, says
  // which value is wrong, and offers to clear the filters. Other errors are the error page's.
  const refused = list.error instanceof ApiError && list.error.status === 422 ? list.error : null
  if (list.isError && refused === null) return <ErrorState error={list.error} />
  if (conventions.index.isError) return <ErrorState error={conventions.index.error} />

  const columns: DataColumn<Row>[] = shown.flatMap((key) => {
    const column = indexColumns.find((c) => c.key === key)
    if (column === undefined) return []
    return [
      {
        key,
        label: column.label,
        kind: column.kind,
        sortable: column.sortable,
        render: props.render?.[key] ?? cellOf<Row>(column, format),
      },
    ]
  })
  const chooseColumns = (next: string[]) => {
    update({ columns: next.join(','), page: params.get('page') ?? undefined })
    views.saveColumns(next)
  }
  const totals: TotalsRow[] = (list.data?.meta.totals ?? []).map((line) => ({
    label:
      line.currency_code === null ? t('lists.total') : t('lists.totalIn', { currency: line.currency_code }),
    cells: Object.fromEntries(
      indexColumns
        .filter((c) => c.kind === 'amount' && line[c.field ?? c.key] !== undefined)
        .map((c) => [c.key, format.amount(line[c.field ?? c.key] ?? '0', line.currency_code)]),
    ),
  }))
  const exportHref = (kind: 'csv' | 'xlsx') => {
    const query = new URLSearchParams(
      [...params].filter(([key]) => !['page', 'after', 'view', 'per_page'].includes(key)),
    )
    query.set('columns', shown.join(','))
    query.set('format', kind)
    return `${props.base}/export?${query}`
  }
  // Each range's two bounds are filters (a chip each); a date range is one control (a range
  // picker) drawn with its first bound, an amount range two amount fields.
  const rangeFilters: FilterDefinition[] = (conventions.index.data?.ranges ?? []).flatMap((range) => {
    const amount = range.kind === 'amount' || range.kind === 'number'
    const bounds = { from: params.get(range.from) ?? '', to: params.get(range.to) ?? '' }
    return (['from', 'to'] as const).map((side) => {
      const key = range[side]
      const value = bounds[side] || undefined
      const label = t(side === 'from' ? 'lists.rangeFrom' : 'lists.rangeTo', { column: range.label })
      const control = amount ? (
        <DecimalField
          key={value ?? 'open'}
          label={label}
          {...(value ? { defaultValue: value } : {})}
          onCommit={(typed) => {
            if (typed === '' || /^\d+(\.\d+)?$/.test(typed)) update({ [key]: typed || undefined })
          }}
        />
      ) : side === 'from' ? (
        <DateRangeInputField
          key={range.key}
          label={range.label}
          value={bounds}
          onChange={(next) =>
            update({ [range.from]: next.from || undefined, [range.to]: next.to || undefined })
          }
        />
      ) : null
      return {
        key,
        label,
        options: [],
        control,
        ...(value ? { value, valueLabel: amount ? format.number(value) : format.date(value) } : {}),
      }
    })
  })
  const filters = [...conventions.filters, ...rangeFilters]
  const filtered = filters.some((f) => f.value !== undefined) || (params.get('search') ?? '') !== ''

  return (
    <section className={props.className ? `pc-list-page ${props.className}` : 'pc-list-page'}>
      <header className="pc-page-header">
        <h1>{props.title}</h1>
        {props.actions ? <div className="pc-page-header__actions">{props.actions}</div> : null}
      </header>
      {refused ? (
        <div role="alert" className="pc-form-alert">
          {t('lists.refusedQuery', {
            details:
              Object.values(refused.body.errors ?? {})
                .flat()
                .join(' ') || refused.message,
          })}{' '}
          <Button
            variant="secondary"
            size="small"
            onClick={() => setParams(new URLSearchParams(), { replace: true })}
          >
            {t('table.clearFilters')}
          </Button>
        </div>
      ) : null}
      {props.before}
      <DataTable<Row>
        caption={props.title}
        columns={columns}
        rows={list.data?.data ?? []}
        rowLabel={props.rowLabel}
        total={list.data?.meta.total ?? 0}
        totalExact={list.data?.meta.total_exact ?? true}
        page={list.data?.meta.page ?? 1}
        perPage={list.data?.meta.per_page ?? 25}
        {...(conventions.index.data ? { perPageOptions: conventions.index.data.per_page_options } : {})}
        sort={sort}
        onSortChange={(next) => update({ sort: next.key, direction: next.direction })}
        onPageChange={(page) => update({ page: String(page) })}
        onPerPageChange={(perPage) => update({ per_page: String(perPage) })}
        search={params.get('search') ?? ''}
        onSearchChange={(search) => update({ search })}
        filters={filters}
        onFilterChange={(key, value) => update({ [key]: value })}
        {...(props.rowActions ? { rowActions: props.rowActions } : {})}
        {...(props.onRowAction ? { onRowAction: props.onRowAction } : {})}
        bulkActions={props.bulk?.actions ?? conventions.bulkActions}
        onBulkAction={(action, ids) =>
          (props.bulk ?? { onAction: conventions.onBulkAction }).onAction(action, ids)
        }
        loading={list.isFetching}
        initialLoading={list.data === undefined || conventions.index.data === undefined}
        totals={totals}
        empty={filtered ? t('lists.emptyFiltered') : (props.empty ?? labels.noRows)}
        labels={labels}
        toolbarEnd={
          <>
            <label className="pc-field pc-list-page__views">
              <span className="pc-field__label">{t('lists.views')}</span>
              <Select
                aria-label={t('lists.views')}
                value={current ? String(current.id) : ''}
                onChange={(e) => {
                  const view = views.views.find((v) => String(v.id) === e.target.value)
                  setParams(view ? viewParams(view) : new URLSearchParams(), { replace: true })
                }}
                placeholder={t('lists.noView')}
                options={views.views.map((v) => ({ value: String(v.id), label: v.name }))}
              />
            </label>
            <Button variant="secondary" size="small" onClick={() => setSaving(true)}>
              <Icon name="bookmark" />
              {t('lists.saveView')}
            </Button>
            {current ? (
              <>
                {current.is_default ? null : (
                  <Button variant="ghost" size="small" onClick={() => void views.makeDefault(current.id)}>
                    {t('lists.makeDefault')}
                  </Button>
                )}
                <Button variant="ghost" size="small" onClick={() => setDeleting(true)}>
                  {t('lists.deleteView')}
                </Button>
              </>
            ) : null}
            <ColumnChooser
              columns={indexColumns}
              shown={shown}
              onChange={chooseColumns}
              onReset={() => chooseColumns(indexColumns.filter((c) => c.visible).map((c) => c.key))}
              labels={{
                button: t('lists.columns'),
                title: t('lists.columnsTitle'),
                moveUp: (column) => t('lists.moveUp', { column }),
                moveDown: (column) => t('lists.moveDown', { column }),
                reset: t('lists.defaultColumns'),
              }}
            />
            <span className="pc-list-page__export">
              <ButtonLink variant="secondary" size="small" href={exportHref('csv')} download>
                {t('lists.exportCsv')}
              </ButtonLink>
              <ButtonLink variant="secondary" size="small" href={exportHref('xlsx')} download>
                {t('lists.exportXlsx')}
              </ButtonLink>
            </span>
          </>
        }
      />
      {conventions.dialog}
      <SaveViewDialog
        open={saving}
        onClose={() => setSaving(false)}
        onSave={async (name, isDefault) => {
          const view = await views.create({
            name,
            query: params.toString(),
            columns: shown,
            is_default: isDefault,
          })
          const next = new URLSearchParams(params)
          next.set('view', String(view.id))
          setParams(next, { replace: true })
          toasts.show('success', t('lists.viewSaved', { name: view.name }))
        }}
      />
      <ConfirmDialog
        open={deleting}
        title={t('lists.deleteView')}
        message={t('lists.deleteViewConfirm', { name: current?.name ?? '' })}
        confirmLabel={t('lists.deleteView')}
        cancelLabel={t('common.back')}
        danger
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false)
          if (current === undefined) return
          void views.remove(current.id).then(() => {
            const next = new URLSearchParams(params)
            next.delete('view')
            setParams(next, { replace: true })
            toasts.show('success', t('lists.viewDeleted', { name: current.name }))
          })
        }}
      />
      {props.children}
    </section>
  )
}

/** A view as the URL carries it: its query, its columns and its id. */
const viewParams = (view: { id: number; query: string; columns: string[] }) => {
  const next = new URLSearchParams(view.query)
  if (view.columns.length > 0) next.set('columns', view.columns.join(','))
  next.set('view', String(view.id))
  return next
}

/** Names the current view: checked by core's schema before it is sent, the server's refusals under the field. */
const SaveViewDialog = ({
  open,
  onClose,
  onSave,
}: {
  open: boolean
  onClose: () => void
  onSave: (name: string, isDefault: boolean) => Promise<void>
}) => {
  const { t } = useTranslation()
  const submit = useSubmit()
  const [name, setName] = useState('')
  const [isDefault, setDefault] = useState(false)
  return (
    <Modal
      title={t('lists.saveView')}
      open={open}
      onClose={onClose}
      closeLabel={t('common.back')}
      size="small"
      footer={
        <Button variant="primary" type="submit" form="pc-save-view" disabled={submit.busy}>
          {t('lists.save')}
        </Button>
      }
    >
      <form
        id="pc-save-view"
        onSubmit={(e) => {
          e.preventDefault()
          void submit
            .send(ListViewInputSchema, { name, is_default: isDefault }, () => onSave(name.trim(), isDefault))
            .then((done) => {
              if (!done) return
              setName('')
              setDefault(false)
              onClose()
            })
        }}
      >
        {submit.message ? <p role="alert">{submit.message}</p> : null}
        <TextField
          label={t('lists.viewName')}
          errors={submit.errors.name ?? []}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <label className="pc-checkbox">
          <input type="checkbox" checked={isDefault} onChange={(e) => setDefault(e.target.checked)} />{' '}
          {t('lists.viewDefault')}
        </label>
      </form>
    </Modal>
  )
}
