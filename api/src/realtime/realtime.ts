import type { IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'

export type RealtimeEvent = { type: string; payload?: unknown }

export type Realtime = {
  port: number
  /** Sends an event to every open connection of one user; answers how many received it. */
  sendToUser: (userId: number, event: RealtimeEvent) => number
  close: () => Promise<void>
}

/** Close code for a connection without a valid session (4000–4999 are the application's). */
export const UNAUTHENTICATED_CLOSE = 4401

/**
 * The real-time channel: a WebSocket server on its own port (WS_PORT, 6001), as the spec has the
 * client connect to the current host on that port. A connection is authenticated by the session
 * cookie the browser sends with the upgrade; without one it is closed with 4401. Each accepted
 * client is greeted with a "connected" event.
 */
export const startRealtime = (
  port: number,
  host: string,
  authenticate: (request: IncomingMessage) => Promise<number | null>,
): Promise<Realtime> =>
  new Promise((resolve, reject) => {
    const server = new WebSocketServer({ port, host })
    const byUser = new Map<number, Set<WebSocket>>()
    server.once('error', reject)
    server.on('connection', (socket, request) => {
      void authenticate(request).then(
        (userId) => {
          if (userId === null) return socket.close(UNAUTHENTICATED_CLOSE, 'Sign in first')
          const sockets = byUser.get(userId) ?? new Set()
          sockets.add(socket)
          byUser.set(userId, sockets)
          socket.on('close', () => {
            sockets.delete(socket)
            if (sockets.size === 0) byUser.delete(userId)
          })
          socket.send(JSON.stringify({ type: 'connected', payload: { user_id: userId } }))
        },
        () => socket.close(1011, 'Server error'),
      )
    })
    server.once('listening', () => {
      server.off('error', reject)
      resolve({
        port: (server.address() as AddressInfo).port,
        sendToUser: (userId, event) => {
          const data = JSON.stringify(event)
          let sent = 0
          for (const socket of byUser.get(userId) ?? []) {
            if (socket.readyState === socket.OPEN) {
              socket.send(data)
              sent += 1
            }
          }
          return sent
        },
        close: () =>
          new Promise<void>((done) => {
            for (const client of server.clients) client.terminate()
            server.close(() => done())
          }),
      })
    })
  })
