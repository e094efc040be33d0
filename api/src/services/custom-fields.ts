import { hasDuty } from '@procura/core/auth'
import {
  type CustomFieldDefinition,
  CustomFieldDefinitionAnswerSchema,
  CustomFieldInputSchema,
  type CustomFieldModel,
  type CustomFieldType,
  checkCustomValues,
  customFilterKey,
  customValueText,
} from '@procura/core/custom-field'
import { type DomainError, formError } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { filterOf } from '@procura/core/list'
import { err, ok, type Result } from '@procura/core/result'
import { and, asc, count, eq, exists, inArray, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Db, DbOrTx } from '../db'
import { containsPattern, likeCi } from '../db/portable-sql'
import { cachedReference } from '../db/reference-cache'
import { attachments, customFields, customValues } from '../db/schema'
import { type ReferenceTable, stamped } from './reference-table'

/**
 * The custom fields (admin list custom-fields): one declaration of the generic list, filtered by
 * document (`?model=purchase_order`); a field that holds values is disabled rather than deleted.
 */
export const CUSTOM_FIELDS: ReferenceTable<typeof CustomFieldInputSchema> = {
  model: 'custom_field',
  table: () => customFields,
  schema: CustomFieldInputSchema,
  answer: CustomFieldDefinitionAnswerSchema,
  may: (actor) => actor.administrator === true || hasDuty(actor, 'admin_menu'),
  stamp: stamped,
  active: () => customFields.active,
  filters: { model: () => customFields.model },
  sort: () => customFields.position,
  inUse: async (db, row) => {
    const n = Number(
      (await db.select({ n: count() }).from(customValues).where(eq(customValues.field_id, row.id)))[0]?.n ??
        0,
    )
    return n === 0 ? null : { code: 'REFERENCE_IN_USE', params: { label: String(row.label), count: n } }
  },
}

/** The fields of a kind of document, in their order (the active ones unless `all`: old documents show every one). */
export const fieldsOf = (db: DbOrTx, model: CustomFieldModel, all = false) =>
  cachedReference(db, `custom-fields:${model}:${all}`, async () =>
    (
      await db
        .select()
        .from(customFields)
        .where(and(eq(customFields.model, model), all ? undefined : eq(customFields.active, true)))
        .orderBy(asc(customFields.position), asc(customFields.label))
    ).map((f) => ({ ...f, type: f.type as CustomFieldType })),
  )

type Field = Awaited<ReturnType<typeof fieldsOf>>[number]

/** The kept values of these documents, by document then field code. */
export const valuesOf = async (db: DbOrTx, model: CustomFieldModel, ids: readonly number[]) => {
  const byDocument = new Map<number, Record<string, string>>()
  if (ids.length === 0) return byDocument
  const rows = await db
    .select({ document_id: customValues.document_id, code: customFields.code, value: customValues.value })
    .from(customValues)
    .innerJoin(customFields, eq(customFields.id, customValues.field_id))
    .where(and(eq(customValues.model, model), inArray(customValues.document_id, [...ids])))
  for (const row of rows)
    byDocument.set(row.document_id, { ...byDocument.get(row.document_id), [row.code]: row.value })
  return byDocument
}

/**
 * A document's custom values from a form or an API body, checked (core's checkCustomValues) and,
 * for files, each one an attachment of this document. Refused as the form's field errors.
 */
export const checkedCustomValues = async (
  db: DbOrTx,
  model: CustomFieldModel,
  input: unknown,
  documentId: number | null,
  moment: 'saving' | 'submitting' = 'saving',
): Promise<Result<{ fields: Field[]; values: Record<string, string | null> }, DomainError>> => {
  const fields = await fieldsOf(db, model)
  const given =
    input !== null && typeof input === 'object' && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {}
  const { values, issues } = checkCustomValues(fields as CustomFieldDefinition[], given, moment)
  for (const field of fields.filter((f) => f.type === 'file')) {
    const value = values[field.code]
    if (value === null || value === undefined) continue
    const attached =
      documentId !== null &&
      (
        await db
          .select({ id: attachments.id })
          .from(attachments)
          .where(
            and(
              eq(attachments.id, Number(value)),
              eq(attachments.model, model),
              eq(attachments.model_id, documentId),
            ),
          )
      ).length > 0
    if (!attached) issues[`custom.${field.code}`] = [{ code: 'NOT_IN_LIST' }]
  }
  return Object.keys(issues).length > 0 ? err(formError(issues)) : ok({ fields, values })
}

export type CheckedCustomValues = { fields: Field[]; values: Record<string, string | null> }

/** Writes a document's values of these fields (none given: the row goes), in the caller's transaction. */
export const saveCustomValues = async (
  tx: DbOrTx,
  model: CustomFieldModel,
  documentId: number,
  checked: { fields: Field[]; values: Record<string, string | null> },
) => {
  const ids = checked.fields.map((f) => f.id)
  if (ids.length === 0) return
  await tx
    .delete(customValues)
    .where(
      and(
        eq(customValues.model, model),
        eq(customValues.document_id, documentId),
        inArray(customValues.field_id, ids),
      ),
    )
  const rows = checked.fields.flatMap((f) => {
    const value = checked.values[f.code]
    return value === null || value === undefined
      ? []
      : [{ model, document_id: documentId, field_id: f.id, value }]
  })
  if (rows.length > 0) await tx.insert(customValues).values(rows)
}

/** Copies a document's values to another (an order's new version). */
export const copyCustomValues = async (tx: DbOrTx, model: CustomFieldModel, from: number, to: number) => {
  const rows = await tx
    .select()
    .from(customValues)
    .where(and(eq(customValues.model, model), eq(customValues.document_id, from)))
  if (rows.length > 0) await tx.insert(customValues).values(rows.map((r) => ({ ...r, document_id: to })))
}

/** Deletes the values of documents deleted. */
export const deleteCustomValues = (tx: DbOrTx, model: CustomFieldModel, ids: readonly number[]) =>
  tx
    .delete(customValues)
    .where(and(eq(customValues.model, model), inArray(customValues.document_id, [...ids])))

const YES_NO: Record<Language, { yes: string; no: string }> = {
  en: { yes: 'Yes', no: 'No' },
  es: { yes: 'Sí', no: 'No' },
  fr: { yes: 'Oui', no: 'Non' },
}

/** A document's custom fields as its page and PDF show them: each field given, with its text. */
export const customFieldsShown = (
  fields: readonly Field[],
  values: Readonly<Record<string, string>>,
  language: Language,
) =>
  fields.flatMap((f) => {
    const value = values[f.code]
    return value === undefined
      ? []
      : [
          {
            code: f.code,
            label: f.label,
            type: f.type,
            value,
            text: customValueText(f.type, value, YES_NO[language]),
          },
        ]
  })

/** Shown custom values with each file's text its attachment's name. */
export const withFileNames = async (db: DbOrTx, shown: ReturnType<typeof customFieldsShown>) => {
  const ids = shown.filter((s) => s.type === 'file').map((s) => Number(s.value))
  if (ids.length === 0) return shown
  const names = new Map(
    (
      await db
        .select({ id: attachments.id, name: attachments.name })
        .from(attachments)
        .where(inArray(attachments.id, ids))
    ).map((a) => [String(a.id), a.name]),
  )
  return shown.map((s) => (s.type === 'file' ? { ...s, text: names.get(s.value) ?? s.text } : s))
}

/** The list's columns and filters of the fields shown in lists (`cf_<code>`), hidden until chosen. */
export const customListColumns = (fields: readonly Field[]) =>
  fields
    .filter((f) => f.in_list)
    .map((f) => ({
      key: customFilterKey(f.code),
      label: f.label,
      kind: 'text' as const,
      sortable: false,
      visible: false,
    }))

/**
 * A list's index (core's indexOf) with the custom fields shown in lists as columns (hidden until
 * chosen) and as filters.
 */
export const withCustomColumns = <I extends { columns: readonly unknown[]; filters: readonly unknown[] }>(
  index: I,
  custom: ReturnType<typeof customListColumns>,
) => ({
  ...index,
  columns: [...index.columns, ...custom],
  filters: [...index.filters, ...custom.map((c) => filterOf(c.key, c.label))],
})

/** The list rows' cells of those fields: `cf_<code>` with the value's text. */
export const customCells = (
  fields: readonly Field[],
  values: Readonly<Record<string, string>> | undefined,
  language: Language,
) =>
  Object.fromEntries(
    fields
      .filter((f) => f.in_list)
      .map((f) => {
        const value = values?.[f.code]
        return [
          customFilterKey(f.code),
          value === undefined ? null : customValueText(f.type, value, YES_NO[language]),
        ]
      }),
  )

/**
 * A list query's custom filters (`cf_<code>=value`, fields shown in lists): each an EXISTS on the
 * values' index, the value matched exactly (a choice, a flag, a day, a code) or contained, ignoring
 * case (a text). Answers the conditions and the query without those keys; an unknown one is refused.
 */
export const customFilters = async (
  db: Db,
  model: CustomFieldModel,
  documentId: SQLiteColumn,
  query: Readonly<Record<string, string | undefined>>,
): Promise<Result<{ conditions: SQL[]; rest: Record<string, string | undefined> }, DomainError>> => {
  const keys = Object.keys(query).filter((k) => k.startsWith('cf_'))
  const rest = Object.fromEntries(Object.entries(query).filter(([k]) => !k.startsWith('cf_')))
  if (keys.length === 0) return ok({ conditions: [], rest })
  const fields = (await fieldsOf(db, model, true)).filter((f) => f.in_list)
  const conditions: SQL[] = []
  for (const key of keys) {
    const field = fields.find((f) => customFilterKey(f.code) === key)
    if (field === undefined) return err(formError({ [key]: [{ code: 'NOT_IN_LIST' }] }))
    const value = (query[key] ?? '').trim()
    if (value === '') continue
    const exact = ['boolean', 'choice', 'date', 'iso_code', 'file', 'number', 'markup'].includes(field.type)
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(customValues)
          .where(
            and(
              eq(customValues.field_id, field.id),
              eq(customValues.model, model),
              eq(customValues.document_id, documentId),
              exact ? eq(customValues.value, value) : likeCi(customValues.value, containsPattern(value)),
            ),
          ),
      ),
    )
  }
  return ok({ conditions, rest })
}

/** The options of a custom filter: a choice's values, yes and no, or the values given so far (searched). */
export const customFilterOptions = async (
  db: Db,
  model: CustomFieldModel,
  key: string,
  search: string,
  language: Language,
) => {
  const field = (await fieldsOf(db, model, true)).find((f) => f.in_list && customFilterKey(f.code) === key)
  if (field === undefined) return null
  const needle = search.trim().toLowerCase()
  const matching = (options: { value: string; label: string }[]) =>
    options.filter((o) => needle === '' || o.label.toLowerCase().includes(needle))
  if (field.type === 'choice') return matching(field.options.map((o) => ({ value: o, label: o })))
  if (field.type === 'boolean')
    return matching([
      { value: '1', label: YES_NO[language].yes },
      { value: '0', label: YES_NO[language].no },
    ])
  const rows = await db
    .selectDistinct({ value: customValues.value })
    .from(customValues)
    .where(
      and(
        eq(customValues.field_id, field.id),
        needle === '' ? undefined : likeCi(customValues.value, containsPattern(needle)),
      ),
    )
    .orderBy(asc(customValues.value))
    .limit(50)
  return rows.map((r) => ({ value: r.value, label: customValueText(field.type, r.value, YES_NO[language]) }))
}
