import { SupplierRowAnswerSchema } from '@procura/core/supplier'
import { ButtonLink } from '@procura/ui-kit/button'
import { useTranslation } from 'react-i18next'
import { Link, Outlet, useNavigate } from 'react-router'
import { ListPage } from '../list-page'
import { useMayManageSuppliers } from './supplier-types'

/** suppliers: who the organisation orders from; its modal child suppliers/import. */
export const SuppliersList = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const mayManage = useMayManageSuppliers()
  return (
    <ListPage
      row={SupplierRowAnswerSchema}
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
            <ButtonLink as={Link} variant="secondary" to="/suppliers/import">
              {t('suppliers.import.title')}
            </ButtonLink>
            <ButtonLink as={Link} variant="primary" to="/suppliers/new">
              {t('suppliers.new')}
            </ButtonLink>
          </>
        ) : null
      }
      empty={t('suppliers.empty')}
    >
      <Outlet />
    </ListPage>
  )
}
