import { useTranslation } from 'react-i18next'
import { useApi } from '../http/use-api'
import { ErrorState } from './error-state'

type Role = { code: string; label: string; permissions: { code: string; label: string }[] }

/** Roles and what each allows. */
export const RolesPage = () => {
  const { t } = useTranslation()
  const roles = useApi<{ data: Role[] }>('/bwapi/roles')
  if (roles.isError) return <ErrorState error={roles.error} />
  if (!roles.data) return <p role="status">{t('common.loading')}</p>
  return (
    <section>
      <h1>{t('roles.title')}</h1>
      <table className="pc-table">
        <thead>
          <tr>
            <th scope="col">{t('roles.role')}</th>
            <th scope="col">{t('roles.permissions')}</th>
          </tr>
        </thead>
        <tbody>
          {roles.data.data.map((r) => (
            <tr key={r.code}>
              <td>{r.label}</td>
              <td>
                {r.permissions.length === 0
                  ? '—'
                  : r.permissions.map((p) => t(`users.permissions.${p.code}`)).join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
