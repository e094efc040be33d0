import { useTranslation } from 'react-i18next'
import { Link, Outlet, useNavigate } from 'react-router'
import { ListPage } from '../list-page'
import { type SupplierRow, useMayManageSuppliers } from './supplier-types'

/** suppliers: who the organisation orders from; its modal child suppliers/import. */
export const SuppliersList = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const mayManage = useMayManageSuppliers()
  return (
    <ListPage<SupplierRow>
      base="/bwapi/suppliers"
      name="suppliers"
      title={t('suppliers.title')}
      defaultSort={{ key: 'company_name', direction: 'asc' }}
      render={{ code: (r) => <Link to={`/suppliers/${r.id}`}>{r.code}</Link> }}
      rowLabel={(r) => r.company_name}
      rowActions={() => [{ action: 'open', label: t('suppliers.open') }]}
      onRowAction={(row) => navigate(`/suppliers/${row.id}`)}
      actions={
        mayManage ? (
          <>
            <Link className="pc-button pc-button--secondary" to="/suppliers/import">
              {t('suppliers.import.title')}
            </Link>
            <Link className="pc-button pc-button--primary" to="/suppliers/new">
              {t('suppliers.new')}
            </Link>
          </>
        ) : null
      }
      empty={t('suppliers.empty')}
    >
      <Outlet />
    </ListPage>
  )
}
