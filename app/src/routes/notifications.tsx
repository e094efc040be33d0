import { NotificationsPageAnswerSchema } from '@procura/core/notification'
import { Button } from '@procura/ui-kit/button'
import { FormAlert } from '@procura/ui-kit/form-field'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useChange } from '../http/changes'
import { apiFetch } from '../http/client'
import { useAnswer } from '../http/use-api'
import { useFormat } from '../http/use-format'
import { useSubmit } from '../http/use-submit'

/**
 * notifications: what concerned me, newest first, unread ones marked; opening one marks it read,
 * "mark all read" clears the header's count.
 */
export const NotificationsPage = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const [page, setPage] = useState(1)
  const [unreadOnly, setUnreadOnly] = useState(false)
  const change = useChange(['/bwapi/notifications'])
  const { message, busy, run } = useSubmit()
  const answer = useAnswer(
    `/bwapi/notifications?page=${page}${unreadOnly ? '&unread=1' : ''}`,
    NotificationsPageAnswerSchema,
  )
  const read = (id: number) =>
    void change.mutateAsync(() => apiFetch(`/bwapi/notifications/${id}/read`, { method: 'POST' }))
  const meta = answer.data?.meta
  const last = meta === undefined ? 1 : Math.max(1, Math.ceil(meta.total / meta.per_page))
  return (
    <section>
      <div className="pc-page-header">
        <h1>{t('notifications.title')}</h1>
        <div className="pc-page-header__actions">
          <Button
            variant="secondary"
            aria-pressed={unreadOnly}
            onClick={() => {
              setUnreadOnly(!unreadOnly)
              setPage(1)
            }}
          >
            {t('notifications.unreadOnly')}
          </Button>
          <Button
            loading={busy}
            disabled={(meta?.unread ?? 0) === 0}
            onClick={() =>
              void run(async () => {
                await change.mutateAsync(() => apiFetch('/bwapi/notifications/read-all', { method: 'POST' }))
              })
            }
          >
            {t('notifications.readAll')}
          </Button>
        </div>
      </div>
      <FormAlert message={message} />
      {meta === undefined ? <p role="status">{t('common.loading')}</p> : null}
      {meta !== undefined ? <p>{t('notifications.unread', { count: meta.unread })}</p> : null}
      {answer.data?.data.length === 0 ? <p>{t('notifications.empty')}</p> : null}
      <ul className="pc-notifications">
        {answer.data?.data.map((n) => (
          <li key={n.id} className={n.read ? undefined : 'pc-notifications__unread'}>
            <p>
              {n.read ? null : <span className="pc-visually-hidden">{t('notifications.new')} </span>}
              {n.link === null ? (
                n.text
              ) : (
                <Link to={n.link} onClick={() => (n.read ? undefined : read(n.id))}>
                  {n.text}
                </Link>
              )}
            </p>
            <p className="pc-comments__meta">
              <time dateTime={n.created_at}>{format.dateTime(n.created_at)}</time>
              {n.read ? null : (
                <>
                  {' · '}
                  <Button size="small" variant="ghost" onClick={() => read(n.id)}>
                    {t('notifications.markRead')}
                  </Button>
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
      {last > 1 ? (
        <nav className="pc-table__pager" aria-label={t('notifications.pages')}>
          <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('notifications.previous')}
          </Button>
          <span>{t('notifications.page', { page, count: last })}</span>
          <Button size="small" variant="secondary" disabled={page >= last} onClick={() => setPage(page + 1)}>
            {t('notifications.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  )
}
