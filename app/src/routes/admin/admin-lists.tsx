import { NamedAnswerSchema, rowsOf } from '@procura/core/answer'
import { AllocationInputSchema, FiscalPeriodInputSchema } from '@procura/core/budget'
import { CUSTOM_FIELD_MODELS, CUSTOM_FIELD_TYPES, CustomFieldInputSchema } from '@procura/core/custom-field'
import { referenceFileColumns } from '@procura/core/import'
import {
  CODE_LISTS,
  type CodeList,
  CompanySchema,
  codeListPath,
  codeListSchema,
  DepartmentInputSchema,
  ProductFamilyInputSchema,
  ProductFamilyTypeInputSchema,
  ProductSubfamilyInputSchema,
  TAG_LEVELS,
  TAG_POSITIONS,
} from '@procura/core/organisation'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { Modal } from '@procura/ui-kit/modal'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import type { z } from 'zod'
import { ImportForm } from '../../forms/import-form'
import { useAnswer } from '../../http/use-api'
import { type ReferenceField, ReferenceTable } from '../reference-table'

const NamedRows = rowsOf(NamedAnswerSchema)

type Options = { value: string; label: string }[]
type Declaration = {
  /** The app path (spec §2 route) and the API's. */
  path: string
  base: string
  /** Narrows the API's rows, and what each saved row carries (one allocation level of the one table). */
  query?: string
  fixed?: Readonly<Record<string, unknown>>
  schema: z.ZodType
  /** The fields, given the choices the list reads from other lists. */
  fields: (t: (key: string) => string, choices: (base: string) => Options) => ReferenceField[]
  /** The other lists its fields choose from. */
  reads?: string[]
  /** Not a file (fiscal periods: that they never overlap is checked on the screen). */
  noFile?: boolean
}

const code = (t: (key: string) => string): ReferenceField => ({
  name: 'code',
  label: t('admin.fields.code'),
  kind: 'text',
})
const label = (t: (key: string) => string): ReferenceField => ({
  name: 'label',
  label: t('admin.fields.label'),
  kind: 'text',
})
const active = (t: (key: string) => string): ReferenceField => ({
  name: 'active',
  label: t('admin.fields.active'),
  kind: 'flag',
})

/** One allocation level (spec §2 allocation1s … allocation4s): a code under a code of the level above. */
const allocationLevel = (level: 1 | 2 | 3 | 4): Declaration => ({
  path: `allocation${level}s`,
  base: '/bwapi/allocations',
  query: `level=${level}`,
  fixed: { level },
  schema: AllocationInputSchema,
  reads: level === 1 ? [] : [`/bwapi/allocations?level=${level - 1}`],
  fields: (t, choices) => [
    code(t),
    label(t),
    ...(level === 1
      ? []
      : [
          {
            name: 'parent_id',
            label: t('admin.fields.parent'),
            kind: 'choice' as const,
            none: '—',
            options: choices(`/bwapi/allocations?level=${level - 1}`),
          },
        ]),
    active(t),
  ],
})

/** One code list (core CODE_LISTS: regions, request types, countries, incoterms, units, purchase types, tags). */
const codeList = (list: CodeList): Declaration => ({
  path: codeListPath(list),
  base: `/bwapi/${codeListPath(list)}`,
  schema: codeListSchema(list),
  fields: (t) => [
    code(t),
    label(t),
    {
      name: 'position',
      label: t('admin.fields.position'),
      kind: 'whole',
      hint: t('admin.fields.positionHint'),
      defaulted: true,
    },
    ...(list === 'tag'
      ? [
          {
            name: 'level',
            label: t('admin.fields.tagLevel'),
            kind: 'choice' as const,
            text: true,
            options: TAG_LEVELS.map((v) => ({ value: v, label: t(`admin.tagLevels.${v}`) })),
          },
          {
            name: 'placement',
            label: t('admin.fields.tagPlacement'),
            kind: 'choice' as const,
            text: true,
            options: TAG_POSITIONS.map((v) => ({ value: v, label: t(`admin.tagPlacements.${v}`) })),
          },
        ]
      : []),
    active(t),
  ],
})

/** The administration lists of spec §2, each declared once: its path, API, schema (core's) and fields. */
export const ADMIN_LISTS: readonly Declaration[] = [
  {
    path: 'fiscal-periods',
    base: '/bwapi/fiscal-periods',
    noFile: true,
    schema: FiscalPeriodInputSchema,
    fields: (t) => [
      code(t),
      label(t),
      { name: 'starts_on', label: t('admin.fields.startsOn'), kind: 'date' },
      { name: 'ends_on', label: t('admin.fields.endsOn'), kind: 'date' },
      active(t),
    ],
  },
  {
    path: 'companies',
    base: '/bwapi/companies',
    schema: CompanySchema,
    fields: (t) => [
      code(t),
      label(t),
      { name: 'currency_code', label: t('admin.fields.currency'), kind: 'text' },
      { name: 'address', label: t('admin.fields.address'), kind: 'text' },
      { name: 'vat_number', label: t('admin.fields.vatNumber'), kind: 'text' },
      { name: 'siren', label: t('admin.fields.siren'), kind: 'text' },
      active(t),
    ],
  },
  {
    path: 'departments',
    base: '/bwapi/departments',
    schema: DepartmentInputSchema,
    reads: ['/bwapi/companies'],
    fields: (t, choices) => [
      code(t),
      label(t),
      {
        name: 'company_id',
        label: t('admin.fields.company'),
        kind: 'choice',
        options: choices('/bwapi/companies'),
      },
      { name: 'routing_code', label: t('admin.fields.routingCode'), kind: 'text' },
      active(t),
    ],
  },
  {
    path: 'product-family-types',
    base: '/bwapi/product-family-types',
    schema: ProductFamilyTypeInputSchema,
    fields: (t) => [code(t), label(t), active(t)],
  },
  {
    path: 'product-families',
    base: '/bwapi/product-families',
    schema: ProductFamilyInputSchema,
    reads: ['/bwapi/product-family-types'],
    fields: (t, choices) => [
      code(t),
      label(t),
      {
        name: 'product_family_type_id',
        label: t('admin.fields.familyType'),
        kind: 'choice',
        none: '—',
        options: choices('/bwapi/product-family-types'),
      },
      active(t),
    ],
  },
  {
    path: 'product-subfamilies',
    base: '/bwapi/product-subfamilies',
    schema: ProductSubfamilyInputSchema,
    reads: ['/bwapi/product-families'],
    fields: (t, choices) => [
      code(t),
      label(t),
      {
        name: 'product_family_id',
        label: t('admin.fields.family'),
        kind: 'choice',
        none: '—',
        options: choices('/bwapi/product-families'),
      },
      active(t),
    ],
  },
  allocationLevel(1),
  allocationLevel(2),
  allocationLevel(3),
  allocationLevel(4),
  ...CODE_LISTS.map(codeList),
  {
    path: 'custom-fields',
    base: '/bwapi/custom-fields',
    schema: CustomFieldInputSchema,
    noFile: true,
    fields: (t) => [
      {
        name: 'model',
        label: t('admin.fields.document'),
        kind: 'choice',
        text: true,
        options: CUSTOM_FIELD_MODELS.map((m) => ({ value: m, label: t(`admin.customModels.${m}`) })),
      },
      code(t),
      label(t),
      {
        name: 'type',
        label: t('admin.fields.type'),
        kind: 'choice',
        text: true,
        options: CUSTOM_FIELD_TYPES.map((v) => ({ value: v, label: t(`admin.customTypes.${v}`) })),
      },
      {
        name: 'options',
        label: t('admin.fields.options'),
        kind: 'lines',
        hint: t('admin.fields.optionsHint'),
        parse: (text) =>
          text
            .split('\n')
            .map((s) => s.trim())
            .filter((s) => s !== ''),
        format: (value) => ((value ?? []) as string[]).join('\n'),
        summary: (value) => ((value ?? []) as string[]).join(', '),
      },
      { name: 'required', label: t('admin.fields.required'), kind: 'flag' },
      { name: 'in_list', label: t('admin.fields.inList'), kind: 'flag' },
      {
        name: 'position',
        label: t('admin.fields.position'),
        kind: 'whole',
        hint: t('admin.fields.positionHint'),
        defaulted: true,
      },
      active(t),
    ],
  },
]

/** The rows of another list as a choice's options (every row: an old document may name a disabled one). */
const useChoices = (bases: readonly string[]) => {
  const first = useAnswer(bases[0] ?? '/bwapi/companies', NamedRows, {
    enabled: bases.length > 0,
  })
  return (base: string) =>
    base === bases[0] ? (first.data?.data ?? []).map((r) => ({ value: String(r.id), label: r.label })) : []
}

/** One administration list (spec §2 "{list}", with its modal children {id}/disable, {id}/enable, {id}/delete). */
export const AdminList = ({ path }: { path: string }) => {
  const { t } = useTranslation()
  const { id, action } = useParams()
  const list = ADMIN_LISTS.find((l) => l.path === path) as Declaration
  const choices = useChoices(list.reads ?? [])
  const title = t(`admin.lists.${path}`)
  const [importing, setImporting] = useState(false)
  // Every allocation level is one file (level;code;label;parent;active).
  const file = list.base.replace('/bwapi/', '')
  return (
    <section>
      <h1>{title}</h1>
      {list.noFile === true ? null : (
        <>
          <Modal
            title={t('admin.import', { list: title })}
            open={importing}
            onClose={() => setImporting(false)}
            closeLabel={t('common.close')}
          >
            <ImportForm
              path={`${list.base}/import`}
              columns={referenceFileColumns(list.schema as z.ZodObject)}
              help={t('admin.importHelp')}
              stale={[list.base as `/bwapi/${string}`]}
            />
          </Modal>
          <p className="pc-actions">
            <Button variant="secondary" onClick={() => setImporting(true)}>
              {t('admin.importButton')}
            </Button>{' '}
            <ButtonLink variant="ghost" href={`${list.base}/file`} download={`${file}.csv`}>
              {t('admin.exportButton')}
            </ButtonLink>
          </p>
        </>
      )}
      <ReferenceTable
        base={list.base}
        {...(list.query === undefined ? {} : { query: list.query })}
        {...(list.fixed === undefined ? {} : { fixed: list.fixed })}
        title={title}
        schema={list.schema}
        empty={t('admin.empty')}
        stale={[list.base as `/bwapi/${string}`, 'budget']}
        fields={list.fields(t, choices)}
        routed={{
          path: `/${path}`,
          id: id === undefined ? null : Number(id),
          action: action === 'disable' || action === 'enable' || action === 'delete' ? action : null,
        }}
      />
    </section>
  )
}

/** reference-lists: the administration lists, one link each. */
export const ReferenceLists = () => {
  const { t } = useTranslation()
  return (
    <section>
      <h1>{t('admin.lists.title')}</h1>
      <ul className="pc-link-list">
        {ADMIN_LISTS.map((l) => (
          <li key={l.path}>
            <Link to={`/${l.path}`}>{t(`admin.lists.${l.path}`)}</Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
