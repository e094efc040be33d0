import { rowsOf } from '@procura/core/answer'
import {
  PERMISSION_CODES,
  type RoleAnswer,
  RoleAnswerSchema,
  RolePermissionsSchema,
} from '@procura/core/user'
import { Button } from '@procura/ui-kit/button'
import { FormAlert } from '@procura/ui-kit/form-field'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useChange } from '../http/changes'
import { apiFetch } from '../http/client'
import { useAnswer } from '../http/use-api'
import { useSubmit } from '../http/use-submit'
import { ErrorState } from './error-state'

type Role = RoleAnswer

const RoleRows = rowsOf(RoleAnswerSchema)

/** The supplier contacts' role opens the portal only: it grants no staff permission. */
const PORTAL_ROLE = 'supplier'

/** A role's permissions as the page edits them, by role code (saved per role). */
type Chosen = Readonly<Record<string, readonly string[]>>

const savedOf = (role: Role) => role.permissions.map((p) => p.code)

/** One role's save button and its refusal: the role's checkboxes are sent together (PUT /bwapi/roles/{code}/permissions). */
const RoleSave = ({ role, chosen }: { role: Role; chosen: readonly string[] }) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange(['role'])
  const { errors, message, busy, send } = useSubmit()
  const saved = savedOf(role)
  const changed = chosen.length !== saved.length || chosen.some((p) => !saved.includes(p))
  if (role.code === PORTAL_ROLE) return <small>{t('roles.portalOnly')}</small>
  const save = (e: FormEvent) => {
    e.preventDefault()
    const body = { permissions: chosen }
    void send(RolePermissionsSchema, body, async () => {
      await change.mutateAsync(() =>
        apiFetch(`/bwapi/roles/${role.code}/permissions`, { method: 'PUT', body }),
      )
      toasts.show('success', t('roles.saved', { role: role.label }))
    })
  }
  return (
    <form id={`role-${role.code}`} onSubmit={save}>
      <Button type="submit" size="small" disabled={!changed} loading={busy}>
        {t('roles.save', { role: role.label })}
      </Button>
      {message ? <FormAlert message={[message, ...(errors.permissions ?? [])].join(' ')} /> : null}
    </form>
  )
}

/** roles: what each role allows; a user manager changes it (traced, applies at once). */
export const RolesPage = () => {
  const { t } = useTranslation()
  const roles = useAnswer('/bwapi/roles', RoleRows)
  // What the page shows checked, per role: what it holds until someone ticks or unticks a box.
  const [chosen, setChosen] = useState<Chosen>({})
  const chosenOf = (role: Role) => chosen[role.code] ?? savedOf(role)
  if (roles.isError) return <ErrorState error={roles.error} />
  if (!roles.data) return <p role="status">{t('common.loading')}</p>
  return (
    <section>
      <h1>{t('roles.title')}</h1>
      <p>{t('roles.intro')}</p>
      <div className="pc-table-scroll">
        <Table
          label={t('roles.title')}
          columns={[
            { key: 'role', header: t('roles.role'), cell: (r) => r.label, rowHeader: true },
            ...PERMISSION_CODES.map((code) => ({
              key: code,
              header: t(`users.permissions.${code}`),
              cell: (r: Role) => {
                const current = chosenOf(r)
                return (
                  <input
                    type="checkbox"
                    form={`role-${r.code}`}
                    aria-label={t('roles.permissionOf', {
                      permission: t(`users.permissions.${code}`),
                      role: r.label,
                    })}
                    checked={current.includes(code)}
                    disabled={r.code === PORTAL_ROLE}
                    onChange={(e) =>
                      setChosen({
                        ...chosen,
                        [r.code]: e.target.checked ? [...current, code] : current.filter((p) => p !== code),
                      })
                    }
                  />
                )
              },
            })),
            {
              key: 'save',
              header: <span className="pc-visually-hidden">{t('table.actions')}</span>,
              cell: (r) => <RoleSave key={savedOf(r).join(',')} role={r} chosen={chosenOf(r)} />,
            },
          ]}
          rows={roles.data.data}
          rowKey={(r) => r.code}
        />
      </div>
    </section>
  )
}
