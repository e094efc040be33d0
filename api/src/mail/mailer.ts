import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'

export type MailMessage = {
  to: string
  cc?: string
  bcc?: string
  /** Where answers go (the buyer, for a request for quotation). */
  replyTo?: string
  subject: string
  text: string
  html?: string
  attachments?: { filename: string; content: Buffer; contentType?: string }[]
}

export type Mailer = { send: (message: MailMessage) => Promise<void> }

export const MAIL_FROM = 'Procura <no-reply@procura.local>'

/**
 * Sends through SMTP_URL when set; otherwise writes each message as an .eml file into the
 * outbox folder (./data/outbox by default), so a fresh install shows its mails without a server.
 */
export const createMailer = (options: {
  smtpUrl: string | undefined
  outboxDir: string
  from?: string
}): Mailer => {
  const from = options.from ?? MAIL_FROM
  if (options.smtpUrl !== undefined) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return { send: async (message) => void (await transport.sendMail({ from, ...message })) }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    send: async (message) => {
      const info = await transport.sendMail({ from, ...message })
      await mkdir(options.outboxDir, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`
      await writeFile(join(options.outboxDir, name), info.message as Buffer)
    },
  }
}
