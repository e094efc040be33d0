import { type ReferenceRowAnswer, ReferenceRowAnswerSchema, rowsOf } from '@procura/core/answer'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, SelectField, TextAreaField, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog, Modal } from '@procura/ui-kit/modal'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import type { z } from 'zod'
import { type Stale, useChange } from '../http/changes'
import { apiFetch } from '../http/client'
import { useAnswer } from '../http/use-api'
import { useSubmit } from '../http/use-submit'

type Row = ReferenceRowAnswer

const ReferenceRows = rowsOf(ReferenceRowAnswerSchema)

/** A field of a reference row's form. */
export type ReferenceField =
  | { name: string; label: string; kind: 'text' }
  /** `formOnly`: asked in the form, not a column (a currency's new rate's day). */
  | { name: string; label: string; kind: 'date'; formOnly?: boolean }
  /** `defaulted`: left blank, the schema's default (a position) rather than nothing. */
  | { name: string; label: string; kind: 'whole'; hint?: string; defaulted?: boolean }
  | { name: string; label: string; kind: 'flag' }
  /** Small records written one per line (an expense type's fields): read and written by the declaring screen. */
  | {
      name: string
      label: string
      kind: 'lines'
      hint: string
      parse: (text: string) => unknown
      format: (value: unknown) => string
      /** What the table's cell shows (the lines themselves when not given). */
      summary?: (value: unknown) => string
    }
  | {
      name: string
      label: string
      kind: 'choice'
      options: { value: string; label: string }[]
      none?: string
      /** The value is sent as the option's text (a code), not as a number (an id). */
      text?: boolean
    }

const readValue = (field: ReferenceField, f: FormData): unknown => {
  const raw = String(f.get(field.name) ?? '').trim()
  if (field.kind === 'flag') return f.get(field.name) === 'on'
  if (field.kind === 'lines') return field.parse(String(f.get(field.name) ?? ''))
  // A date left blank is none (null), not an invalid date.
  if (field.kind === 'date') return raw === '' ? null : raw
  if (field.kind === 'text' || (field.kind === 'choice' && field.text === true)) return raw
  if (raw === '') return field.kind === 'whole' && field.defaulted === true ? undefined : null
  return Number(raw)
}

const shown = (field: ReferenceField, row: Row): string => {
  const value = row[field.name]
  if (field.kind === 'flag') return value === true ? '✓' : ''
  if (field.kind === 'choice') return field.options.find((o) => o.value === String(value))?.label ?? ''
  if (field.kind === 'lines') return (field.summary ?? field.format)(value)
  return value === null || value === undefined ? '' : String(value)
}

/**
 * One reference table of the API's reference-table routes (GET, POST, PUT {id}, DELETE {id}): its
 * rows in a table, created and edited in a modal checked by core's schema, deleted after a
 * confirmation (the server refuses what is still used, and says so).
 */
export const ReferenceTable = ({
  base,
  title,
  schema,
  fields,
  empty,
  editable = true,
  stale = ['supplierReference'],
  routed,
  query,
  fixed,
  rowKey = 'id',
  fixedRows = false,
}: {
  base: string
  title: string
  schema: z.ZodType
  fields: readonly ReferenceField[]
  empty: string
  editable?: boolean
  /** What a change of a row makes stale (the supplier settings' tables by default). */
  stale?: readonly Stale[]
  /**
   * An administration list (spec §2): its rows are disabled and enabled, and each confirmation is
   * a route of its own ({path}/{id}/disable, /enable, /delete) that `action` and `id` name.
   */
  routed?: { path: string; id: number | null; action: string | null }
  /** Narrows the rows read (`level=2`: one level of the allocations). */
  query?: string
  /** Values every saved row carries that the form does not ask (the allocation's level). */
  fixed?: Readonly<Record<string, unknown>>
  /** The column a row is addressed by in the API's paths (a currency's or a language's code). */
  rowKey?: string
  /** Rows are edited only: none added or deleted (the interface languages ship with the product). */
  fixedRows?: boolean
}) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange(stale)
  const rows = useAnswer(query === undefined ? base : `${base}?${query}`, ReferenceRows)
  const [editing, setEditing] = useState<Row | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Row | null>(null)
  const { errors, message, busy, send, run } = useSubmit()
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const body = { ...Object.fromEntries(fields.map((field) => [field.name, readValue(field, f)])), ...fixed }
    const target = editing
    const saved = await send(schema, body, async () => {
      await change.mutateAsync(() =>
        target === 'new' || target === null
          ? apiFetch(base, { method: 'POST', body })
          : apiFetch(`${base}/${String(target[rowKey])}`, { method: 'PUT', body }),
      )
    })
    if (saved) {
      setEditing(null)
      toasts.show('success', t('common.saved'))
    }
  }
  const remove = (row: Row) =>
    run(async () => {
      await change.mutateAsync(() => apiFetch(`${base}/${String(row[rowKey])}`, { method: 'DELETE' }))
      toasts.show('success', t('references.deleted', { label: row.label }))
    })
  const current = editing === 'new' || editing === null ? null : editing
  const columns = fields.filter((field) => !('formOnly' in field && field.formOnly === true))
  const list = rows.data?.data ?? []
  const navigate = useNavigate()
  const asked = routed === undefined ? null : (list.find((r) => r.id === routed.id) ?? null)
  const back = () => routed !== undefined && navigate(routed.path)
  const toggle = (row: Row, active: boolean) =>
    run(async () => {
      await change.mutateAsync(() =>
        apiFetch(`${base}/${row.id}/${active ? 'enable' : 'disable'}`, { method: 'POST' }),
      )
      toasts.show('success', t(active ? 'references.enabled' : 'references.disabled', { label: row.label }))
    })
  return (
    <section aria-label={title}>
      <FormAlert message={editing === null ? message : null} />
      {rows.data !== undefined && list.length === 0 ? <p>{empty}</p> : null}
      {list.length > 0 ? (
        <div className="pc-table-scroll">
          <Table
            label={title}
            columns={[
              ...columns.map((field) => ({
                key: field.name,
                header: field.label,
                cell: (row: Row) => shown(field, row),
              })),
              editable && {
                key: 'actions',
                header: <span className="pc-visually-hidden">{t('table.actions')}</span>,
                className: 'pc-row-actions',
                cell: (row: Row) => (
                  <>
                    <Button size="small" variant="secondary" onClick={() => setEditing(row)}>
                      {t('references.edit', { label: row.label })}
                    </Button>{' '}
                    {fixedRows ? null : routed === undefined ? (
                      <Button size="small" variant="ghost" onClick={() => setDeleting(row)}>
                        {t('references.delete', { label: row.label })}
                      </Button>
                    ) : (
                      <>
                        <ButtonLink
                          as={Link}
                          variant="ghost"
                          size="small"
                          to={`${routed.path}/${row.id}/${row.active === false ? 'enable' : 'disable'}`}
                        >
                          {t(row.active === false ? 'references.enable' : 'references.disable', {
                            label: row.label,
                          })}
                        </ButtonLink>{' '}
                        <ButtonLink
                          as={Link}
                          variant="ghost"
                          size="small"
                          to={`${routed.path}/${row.id}/delete`}
                        >
                          {t('references.delete', { label: row.label })}
                        </ButtonLink>
                      </>
                    )}
                  </>
                ),
              },
            ]}
            rows={list}
            rowKey={(row) => String(row[rowKey])}
          />
        </div>
      ) : null}
      {editable && !fixedRows ? (
        <Button onClick={() => setEditing('new')}>{t('references.add')}</Button>
      ) : null}
      <Modal
        title={current === null ? t('references.add') : t('references.edit', { label: current.label })}
        open={editing !== null}
        onClose={() => setEditing(null)}
        closeLabel={t('common.back')}
      >
        <form onSubmit={submit} noValidate aria-label={title}>
          <FormAlert message={message} />
          {fields.map((field) => {
            const initial = current?.[field.name]
            const fieldErrors = errors[field.name] ?? []
            if (field.kind === 'flag')
              return (
                <CheckboxField
                  key={field.name}
                  label={field.label}
                  name={field.name}
                  // A new row is active unless the form says otherwise.
                  defaultChecked={initial === undefined ? field.name === 'active' : initial === true}
                />
              )
            if (field.kind === 'choice')
              return (
                <SelectField
                  key={field.name}
                  label={field.label}
                  name={field.name}
                  defaultValue={initial === null || initial === undefined ? '' : String(initial)}
                  options={[
                    ...(field.none === undefined ? [] : [{ value: '', label: field.none }]),
                    ...field.options,
                  ]}
                  errors={fieldErrors}
                />
              )
            if (field.kind === 'lines')
              return (
                <TextAreaField
                  key={field.name}
                  label={field.label}
                  name={field.name}
                  hint={field.hint}
                  rows={4}
                  defaultValue={field.format(initial)}
                  errors={Object.entries(errors)
                    .filter(([key]) => key === field.name || key.startsWith(`${field.name}.`))
                    .flatMap(([, messages]) => messages)}
                />
              )
            return (
              <TextField
                key={field.name}
                label={field.label}
                name={field.name}
                {...(field.kind === 'whole' ? { inputMode: 'numeric' as const } : {})}
                {...(field.kind === 'date' ? { type: 'date' } : {})}
                {...(field.kind === 'whole' && field.hint ? { hint: field.hint } : {})}
                defaultValue={initial === null || initial === undefined ? '' : String(initial)}
                errors={fieldErrors}
              />
            )
          })}
          <Button type="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </form>
      </Modal>
      {routed !== undefined && asked !== null && routed.action !== null ? (
        <ConfirmDialog
          open
          title={t(`references.${routed.action}`, { label: asked.label })}
          message={t(`references.${routed.action}Confirm`, { label: asked.label })}
          confirmLabel={t(`references.${routed.action}`, { label: asked.label })}
          cancelLabel={t('common.back')}
          onCancel={back}
          onConfirm={() => {
            back()
            if (routed.action === 'delete') void remove(asked)
            else void toggle(asked, routed.action === 'enable')
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('references.delete', { label: deleting?.label ?? '' })}
        message={t('references.deleteConfirm', { label: deleting?.label ?? '' })}
        confirmLabel={t('references.delete', { label: deleting?.label ?? '' })}
        cancelLabel={t('common.back')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const row = deleting
          setDeleting(null)
          if (row !== null) void remove(row)
        }}
      />
    </section>
  )
}
