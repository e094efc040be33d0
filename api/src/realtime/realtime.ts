import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'

export type RealtimeEvent = { type: string; payload?: unknown }

export type Realtime = {
  port: number
  /** Sends an event to every connected client. */
  broadcast: (event: RealtimeEvent) => void
  close: () => Promise<void>
}

/**
 * The real-time channel: a WebSocket server on its own port (WS_PORT, 6001 by default), as the
 * spec has the client connect to the current host on that port. Each client is greeted with a
 * "connected" event. Authentication by the session and per-user events come with sign-in.
 */
export const startRealtime = (port: number, host = '0.0.0.0'): Promise<Realtime> =>
  new Promise((resolve, reject) => {
    const server = new WebSocketServer({ port, host })
    const clients = new Set<WebSocket>()
    server.once('error', reject)
    server.on('connection', (socket) => {
      clients.add(socket)
      socket.on('close', () => clients.delete(socket))
      socket.send(JSON.stringify({ type: 'connected' }))
    })
    server.once('listening', () => {
      server.off('error', reject)
      resolve({
        port: (server.address() as AddressInfo).port,
        broadcast: (event) => {
          const data = JSON.stringify(event)
          for (const client of clients) if (client.readyState === client.OPEN) client.send(data)
        },
        close: () =>
          new Promise<void>((done) => {
            for (const client of clients) client.terminate()
            server.close(() => done())
          }),
      })
    })
  })
