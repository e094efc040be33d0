import { useToasts } from '@procura/ui-kit/toasts'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { refreshAfter } from '../http/changes'

/**
 * The real-time channel: a WebSocket on the current host at the server's WS port. The session
 * cookie authenticates it. A test event shows a toast; changed counters refresh the actions to do;
 * a notification refreshes the header's count and the notifications list.
 */
export const useRealtime = (wsPort: number | undefined) => {
  const client = useQueryClient()
  const toasts = useToasts()
  const { t } = useTranslation()
  // The latest toasts and texts, read when a message comes: their identity changes as the page's
  // texts load, and the socket must not be closed and reopened for that (one socket per tab).
  const latest = useRef({ toasts, t })
  latest.current = { toasts, t }
  useEffect(() => {
    if (wsPort === undefined || typeof WebSocket === 'undefined') return undefined
    const protocol = window.location.protocol === 'https:' ? 'wss' : 'ws'
    let socket: WebSocket | null = null
    let closed = false
    let retry: ReturnType<typeof setTimeout> | undefined
    const connect = () => {
      socket = new WebSocket(`${protocol}://${window.location.hostname}:${wsPort}`)
      socket.onmessage = (message) => {
        const event = JSON.parse(String(message.data)) as { type: string }
        if (event.type === 'test') latest.current.toasts.show('info', latest.current.t('realtime.test'))
        if (event.type === 'actions-to-do')
          void client.invalidateQueries({ queryKey: ['/bwapi/actions-to-do'] })
        // A new notification: the header's count and the list read again.
        if (event.type === 'notification') void refreshAfter(client, ['/bwapi/notifications'])
      }
      socket.onclose = (event) => {
        if (!closed && event.code !== 4401) retry = setTimeout(connect, 5000)
      }
    }
    connect()
    return () => {
      closed = true
      clearTimeout(retry)
      socket?.close()
    }
  }, [wsPort, client])
}
