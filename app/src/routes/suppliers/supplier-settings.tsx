import { type NamedAnswer, NamedAnswerSchema, rowsOf } from '@procura/core/answer'
import {
  ApprovalRolesInputSchema,
  FileCategoryInputSchema,
  FileTypeInputSchema,
  SectorInputSchema,
  SupplierGroupInputSchema,
} from '@procura/core/supplier'
import { Button } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert } from '@procura/ui-kit/form-field'
import { Tabs } from '@procura/ui-kit/tabs'
import { useToasts } from '@procura/ui-kit/toasts'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useChange } from '../../http/changes'
import { apiFetch } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useSubmit } from '../../http/use-submit'
import { ReferenceTable } from '../reference-table'
import { useTab } from '../use-tab'
import { useMayManageSuppliers } from './supplier-types'

type Role = NamedAnswer
type Named = NamedAnswer

const NamedRows = rowsOf(NamedAnswerSchema)

/**
 * Administration › Supplier settings: geographic sectors (a tree, with what each requires),
 * document categories (with their validator role), document types (duration, required for
 * approval, certification chart) and the roles that approve suppliers.
 */
export const SupplierSettings = () => {
  const { t } = useTranslation()
  const [tab, setTab] = useTab('sectors')
  const roles = useAnswer('/bwapi/roles', NamedRows)
  const sectors = useAnswer('/bwapi/geographic-sectors', NamedRows)
  const categories = useAnswer('/bwapi/supplier-file-categories', NamedRows)
  const options = (rows: Named[] | undefined) =>
    (rows ?? []).map((r) => ({ value: String(r.id), label: r.label }))
  return (
    <section>
      <h1>{t('suppliers.settings.title')}</h1>
      <Tabs
        label={t('suppliers.settings.sections')}
        selected={tab}
        onSelect={setTab}
        items={[
          {
            id: 'sectors',
            label: t('suppliers.settings.sectors'),
            content: (
              <ReferenceTable
                base="/bwapi/geographic-sectors"
                title={t('suppliers.settings.sectors')}
                schema={SectorInputSchema}
                empty={t('suppliers.settings.sectorsEmpty')}
                fields={[
                  { name: 'label', label: t('suppliers.settings.label'), kind: 'text' },
                  {
                    name: 'parent_id',
                    label: t('suppliers.settings.parent'),
                    kind: 'choice',
                    none: t('suppliers.settings.noParent'),
                    options: options(sectors.data?.data),
                  },
                  { name: 'requires_siret', label: t('suppliers.settings.requiresSiret'), kind: 'flag' },
                  { name: 'requires_duns', label: t('suppliers.settings.requiresDuns'), kind: 'flag' },
                  {
                    name: 'requires_intra_community_vat',
                    label: t('suppliers.settings.requiresVat'),
                    kind: 'flag',
                  },
                ]}
              />
            ),
          },
          {
            id: 'categories',
            label: t('suppliers.settings.categories'),
            content: (
              <ReferenceTable
                base="/bwapi/supplier-file-categories"
                title={t('suppliers.settings.categories')}
                schema={FileCategoryInputSchema}
                empty={t('suppliers.settings.categoriesEmpty')}
                fields={[
                  { name: 'label', label: t('suppliers.settings.label'), kind: 'text' },
                  {
                    name: 'validator_role_id',
                    label: t('suppliers.settings.validatorRole'),
                    kind: 'choice',
                    none: t('suppliers.settings.anyBuyer'),
                    options: options(roles.data?.data),
                  },
                ]}
              />
            ),
          },
          {
            id: 'types',
            label: t('suppliers.settings.types'),
            content: (
              <ReferenceTable
                base="/bwapi/supplier-file-types"
                title={t('suppliers.settings.types')}
                schema={FileTypeInputSchema}
                empty={t('suppliers.settings.typesEmpty')}
                fields={[
                  { name: 'label', label: t('suppliers.settings.label'), kind: 'text' },
                  {
                    name: 'category_id',
                    label: t('suppliers.settings.category'),
                    kind: 'choice',
                    options: options(categories.data?.data),
                  },
                  {
                    name: 'duration_months',
                    label: t('suppliers.settings.duration'),
                    hint: t('suppliers.settings.durationHint'),
                    kind: 'whole',
                  },
                  { name: 'required', label: t('suppliers.settings.required'), kind: 'flag' },
                  {
                    name: 'show_in_certification_chart',
                    label: t('suppliers.settings.inChart'),
                    kind: 'flag',
                  },
                ]}
              />
            ),
          },
          {
            id: 'approvers',
            label: t('suppliers.settings.approvers'),
            content: <Approvers roles={roles.data?.data ?? []} />,
          },
        ]}
      />
    </section>
  )
}

/** The roles that approve suppliers (PUT /bwapi/supplier-approval-roles). */
const Approvers = ({ roles }: { roles: Role[] }) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange(['supplierReference'])
  const chosen = useAnswer('/bwapi/supplier-approval-roles', NamedRows)
  const { message, busy, send } = useSubmit()
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const role_ids = new FormData(event.currentTarget).getAll('role_ids').map(Number)
    const body = { role_ids }
    await send(ApprovalRolesInputSchema, body, async () => {
      await change.mutateAsync(() => apiFetch('/bwapi/supplier-approval-roles', { method: 'PUT', body }))
      toasts.show('success', t('suppliers.settings.approversSaved'))
    })
  }
  if (chosen.data === undefined) return <p role="status">{t('common.loading')}</p>
  const ids = chosen.data.data.map((r) => r.id)
  return (
    <form onSubmit={save} noValidate aria-label={t('suppliers.settings.approvers')}>
      <p>{t('suppliers.settings.approversExplain')}</p>
      <FormAlert message={message} />
      <fieldset className="pc-checklist">
        <legend>{t('suppliers.settings.approvers')}</legend>
        {roles.map((role) => (
          <CheckboxField
            key={role.id}
            label={role.label}
            name="role_ids"
            value={String(role.id)}
            defaultChecked={ids.includes(role.id)}
          />
        ))}
      </fieldset>
      <Button type="submit" loading={busy}>
        {t('common.save')}
      </Button>
    </form>
  )
}

/** supplier-groups (spec §2): the groups, created and edited in a modal. */
export const SupplierGroups = () => {
  const { t } = useTranslation()
  const mayManage = useMayManageSuppliers()
  return (
    <section>
      <h1>{t('suppliers.settings.groups')}</h1>
      <ReferenceTable
        base="/bwapi/supplier-groups"
        title={t('suppliers.settings.groups')}
        schema={SupplierGroupInputSchema}
        empty={t('suppliers.settings.groupsEmpty')}
        editable={mayManage}
        fields={[{ name: 'label', label: t('suppliers.settings.label'), kind: 'text' }]}
      />
    </section>
  )
}
