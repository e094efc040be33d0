import { ListIndexSchema } from '@procura/core/list'
import { USER_CSV_COLUMNS, UserRowAnswerSchema, UsersUpdatedAnswerSchema } from '@procura/core/user'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { ConfirmDialog, Modal } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useToasts } from '@procura/ui-kit/toasts'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Outlet, useNavigate } from 'react-router'
import { ImportForm } from '../../forms/import-form'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { ListPage } from '../list-page'

type Pending = { action: string; ids: number[] } | null

const NAVIGATING = new Set(['profile', 'permissions', 'preferences', 'password'])

/** The users list (GET /bwapi/users/index, then /bwapi/users?{query}); its state lives in the URL. */
export const UsersList = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const client = useQueryClient()
  const change = useChange(['user'])
  const toasts = useToasts()
  const [pending, setPending] = useState<Pending>(null)
  const index = useAnswer('/bwapi/users/index', ListIndexSchema)

  const run = async (action: string, ids: number[]) => {
    try {
      if (action === 'impersonate') {
        await apiFetch(`/bwapi/users/${ids[0]}/impersonate`, { method: 'POST' })
        // Leave this page first: as the other user it may be forbidden. Everything read so far
        // was this user's: all of it is read again as the other one.
        navigate('/')
        await client.invalidateQueries()
        return
      }
      const answer = await change.mutateAsync(() =>
        apiRead('/bwapi/users/do-bulk-action', UsersUpdatedAnswerSchema, {
          method: 'POST',
          body: { action, ids },
        }),
      )
      toasts.show('success', t('users.updated', { count: answer.updated }))
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }

  const [importing, setImporting] = useState(false)
  const onAction = (ids: number[], action: string) => {
    if (NAVIGATING.has(action)) return navigate(`/users/${ids[0]}/${action}`)
    if (action === 'deactivate' || action === 'activate') return setPending({ action, ids })
    return void run(action, ids)
  }

  return (
    <ListPage
      row={UserRowAnswerSchema}
      base="/bwapi/users"
      name="users"
      title={t('users.title')}
      defaultSort={{ key: 'login', direction: 'asc' }}
      render={{
        active: (row) => (
          <StatusBadge
            status={row.active ? 'active' : 'inactive'}
            label={row.active ? t('users.active') : t('users.inactive')}
          />
        ),
      }}
      rowLabel={(row) => row.label}
      rowActions={(row) => row.actions}
      onRowAction={(row, action) => onAction([row.id], action)}
      bulk={{ actions: index.data?.bulk_actions ?? [], onAction: (action, ids) => onAction(ids, action) }}
      actions={
        <>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            {t('users.import')}
          </Button>{' '}
          <ButtonLink variant="ghost" href="/bwapi/users/file" download="users.csv">
            {t('users.file')}
          </ButtonLink>{' '}
          <ButtonLink as={Link} variant="primary" to="/users/create">
            {t('users.create')}
          </ButtonLink>
        </>
      }
    >
      <Modal
        title={t('users.import')}
        open={importing}
        onClose={() => setImporting(false)}
        closeLabel={t('common.close')}
      >
        <ImportForm
          path="/bwapi/users/import"
          columns={USER_CSV_COLUMNS}
          help={t('users.importHelp')}
          stale={['/bwapi/users']}
        />
      </Modal>
      <ConfirmDialog
        open={pending !== null}
        title={t(`users.confirm.${pending?.action ?? 'deactivate'}.title`, {
          count: pending?.ids.length ?? 0,
        })}
        message={t(`users.confirm.${pending?.action ?? 'deactivate'}.message`)}
        confirmLabel={t(`users.confirm.${pending?.action ?? 'deactivate'}.confirm`)}
        cancelLabel={t('common.back')}
        danger={pending?.action === 'deactivate'}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) void run(pending.action, pending.ids)
          setPending(null)
        }}
      />
      <Outlet />
    </ListPage>
  )
}
