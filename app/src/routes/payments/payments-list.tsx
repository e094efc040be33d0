import { canPreparePayments, canRecordBankAnswers, PaymentGroupRowAnswerSchema } from '@procura/core/payment'
import { ButtonLink } from '@procura/ui-kit/button'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCurrentUser } from '../../session/session'
import { ListPage } from '../list-page'
import { BankAnswerUpload } from './bank-answer-upload'

/** payments: the payment groups, the way to pay what is due, and the bank's answers. */
export const PaymentsList = () => {
  const { t } = useTranslation()
  const user = useCurrentUser()
  // What this user may do is core's decision (core/payment access).
  const prepares = canPreparePayments(user)
  return (
    <ListPage
      row={PaymentGroupRowAnswerSchema}
      base="/bwapi/payment-groups"
      name="payment-groups"
      title={t('payments.title')}
      defaultSort={{ key: 'created_at', direction: 'desc' }}
      render={{
        code: (r) => <Link to={`/payments/${r.id}`}>{r.code}</Link>,
        suppliers: (r) => `${r.suppliers.slice(0, 2).join(', ')}${r.suppliers.length > 2 ? '…' : ''}`,
        status: (r) => <StatusBadge status={r.status} label={t(`payments.statuses.${r.status}`)} />,
      }}
      rowLabel={(r) => r.code}
      actions={
        prepares ? (
          <>
            <ButtonLink as={Link} variant="primary" to="/payments/new">
              {t('payments.new')}
            </ButtonLink>
            {user.permissions.includes('admin_menu') ? (
              <ButtonLink as={Link} variant="secondary" to="/payments/accounts">
                {t('payments.accountsTitle')}
              </ButtonLink>
            ) : null}
          </>
        ) : null
      }
      empty={t('payments.empty')}
    >
      {canRecordBankAnswers(user) ? <BankAnswerUpload /> : null}
    </ListPage>
  )
}
