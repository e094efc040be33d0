import { rowsOf } from '@procura/core/answer'
import {
  PERMISSION_CODES,
  type RoleAnswer,
  RoleAnswerSchema,
  RolePermissionsSchema,
} from '@procura/core/user'
import { Button } from '@procura/ui-kit/button'
import { FormAlert } from '@procura/ui-kit/form-field'
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

/** One role's permissions as checkboxes, saved together (PUT /bwapi/roles/{code}/permissions). */
const RoleRow = ({ role }: { role: Role }) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange(['role'])
  const { errors, message, busy, send } = useSubmit()
  const saved = role.permissions.map((p) => p.code)
  const [chosen, setChosen] = useState<string[]>(saved)
  const changed = chosen.length !== saved.length || chosen.some((p) => !saved.includes(p))
  const readOnly = role.code === PORTAL_ROLE
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
  const formId = `role-${role.code}`
  return (
    <tr>
      <th scope="row">{role.label}</th>
      {PERMISSION_CODES.map((code) => (
        <td key={code} data-label={t(`users.permissions.${code}`)}>
          <input
            type="checkbox"
            form={formId}
            aria-label={t('roles.permissionOf', {
              permission: t(`users.permissions.${code}`),
              role: role.label,
            })}
            checked={chosen.includes(code)}
            disabled={readOnly || busy}
            onChange={(e) =>
              setChosen(e.target.checked ? [...chosen, code] : chosen.filter((p) => p !== code))
            }
          />
        </td>
      ))}
      <td>
        {readOnly ? (
          <small>{t('roles.portalOnly')}</small>
        ) : (
          <form id={formId} onSubmit={save}>
            <Button type="submit" size="small" disabled={!changed} loading={busy}>
              {t('roles.save', { role: role.label })}
            </Button>
            {message ? <FormAlert message={[message, ...(errors.permissions ?? [])].join(' ')} /> : null}
          </form>
        )}
      </td>
    </tr>
  )
}

/** roles: what each role allows; a user manager changes it (traced, applies at once). */
export const RolesPage = () => {
  const { t } = useTranslation()
  const roles = useAnswer('/bwapi/roles', RoleRows)
  if (roles.isError) return <ErrorState error={roles.error} />
  if (!roles.data) return <p role="status">{t('common.loading')}</p>
  return (
    <section>
      <h1>{t('roles.title')}</h1>
      <p>{t('roles.intro')}</p>
      <div className="pc-table-scroll">
        <table className="pc-table">
          <caption className="pc-visually-hidden">{t('roles.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('roles.role')}</th>
              {PERMISSION_CODES.map((code) => (
                <th key={code} scope="col">
                  {t(`users.permissions.${code}`)}
                </th>
              ))}
              <th scope="col">
                <span className="pc-visually-hidden">{t('table.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {roles.data.data.map((r) => (
              <RoleRow key={`${r.code}:${r.permissions.map((p) => p.code).join(',')}`} role={r} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
