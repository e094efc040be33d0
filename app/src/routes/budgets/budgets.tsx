import { BUDGET_CSV_COLUMNS, BudgetAnswerSchema, canManageBudgets } from '@procura/core/budget'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { Modal } from '@procura/ui-kit/modal'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ImportForm } from '../../forms/import-form'
import { useCurrentUser } from '../../session/session'
import { ListPage } from '../list-page'
import { Available } from './budget-available'

/** budgets: the budgets on the one list page, each with what holds it and what is left. */
export const BudgetsList = () => {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const manages = canManageBudgets(user)
  const [importing, setImporting] = useState(false)
  return (
    <>
      <Modal
        title={t('budgets.import')}
        open={importing}
        onClose={() => setImporting(false)}
        closeLabel={t('common.close')}
      >
        <ImportForm
          path="/bwapi/budgets/import"
          columns={BUDGET_CSV_COLUMNS}
          help={t('budgets.importHelp')}
          stale={['budget']}
        />
      </Modal>
      <ListPage
        row={BudgetAnswerSchema}
        base="/bwapi/budgets"
        name="budgets"
        title={t('budgets.title')}
        defaultSort={{ key: 'key', direction: 'asc' }}
        render={{
          key: (r) => <Link to={`/budgets/${r.id}`}>{r.key}</Link>,
          available: (r) => <Available budget={r} />,
        }}
        rowLabel={(r) => r.label ?? r.key}
        actions={
          manages ? (
            <>
              <ButtonLink as={Link} variant="secondary" to="/budget-settings">
                {t('budgets.settings')}
              </ButtonLink>{' '}
              <ButtonLink as={Link} variant="secondary" to="/budget-analysis">
                {t('budgets.analysis')}
              </ButtonLink>{' '}
              <Button variant="secondary" onClick={() => setImporting(true)}>
                {t('budgets.import')}
              </Button>{' '}
              <ButtonLink variant="ghost" href="/bwapi/budgets/file" download>
                {t('budgets.file')}
              </ButtonLink>{' '}
              <ButtonLink as={Link} variant="primary" to="/budgets/new">
                {t('budgets.new')}
              </ButtonLink>
            </>
          ) : null
        }
        empty={manages ? t('budgets.empty') : t('budgets.emptyReader')}
      />
    </>
  )
}
