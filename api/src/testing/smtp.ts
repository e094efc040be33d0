import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { from: string; to: string[]; raw: string }

export type TestSmtp = {
  url: string
  received: ReceivedMail[]
  /** Resolves when `count` messages have arrived (fails after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>
  close: () => Promise<void>
}

/** A real SMTP server on 127.0.0.1, on a free port, that keeps what it receives. */
export const startTestSmtp = (): Promise<TestSmtp> =>
  new Promise((resolve, reject) => {
    const received: ReceivedMail[] = []
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    })
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const port = (server.server.address() as AddressInfo).port
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        received,
        waitFor: async (count, timeoutMs = 5000) => {
          const start = Date.now()
          while (received.length < count) {
            if (Date.now() - start > timeoutMs)
              throw new Error(`Only ${received.length} of ${count} mails arrived`)
            await new Promise((r) => setTimeout(r, 20))
          }
          return received
        },
        close: () => new Promise<void>((done) => server.close(() => done())),
      })
    })
  })

/** The text of a raw message with quoted-printable soft breaks and escapes undone (read as UTF-8). */
export const decodedText = (raw: string): string => {
  const joined = raw.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i += 1) {
    const escaped = joined[i] === '=' ? /^[0-9A-F]{2}$/.exec(joined.slice(i + 1, i + 3)) : null
    if (escaped !== null) {
      bytes.push(Number.parseInt(escaped[0], 16))
      i += 2
    } else bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** The attachments of a raw MIME message (base64 parts with a filename), decoded. */
type Attachment = { filename: string; contentType: string; content: Buffer }

export const attachmentsOf = (raw: string): Attachment[] => {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1] ?? '')
  const parts = boundaries.length === 0 ? [raw] : boundaries.flatMap((b) => raw.split(`--${b}`))
  return parts
    .map((part): Attachment | null => {
      const [head = '', ...body] = part.split(/\r?\n\r?\n/)
      const filename = /(?:file)?name="?([^";\r\n]+)"?/i.exec(head)?.[1]
      if (filename === undefined || !/content-transfer-encoding:\s*base64/i.test(head)) return null
      const contentType = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim() ?? ''
      return { filename, contentType, content: Buffer.from(body.join('\n').replace(/\s+/g, ''), 'base64') }
    })
    .filter((a): a is Attachment => a !== null)
}
