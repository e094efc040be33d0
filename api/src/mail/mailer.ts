import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Language } from '@procura/core/i18n'
import nodemailer from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'

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

/** Where a mail goes: an SMTP server's URL and the sender, or (no URL) the outbox folder. */
export type MailRoute = { smtpUrl: string | undefined; from?: string | undefined }

const outboxTransport = () =>
  nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })

/**
 * Sends through SMTP_URL when set, else through the instance settings' mail server (`route`, read
 * at each mail so a change on the settings screen applies at once); with neither, writes each
 * message as an .eml file into the outbox folder (./data/outbox by default), so a fresh install
 * shows its mails without a server.
 */
export const createMailer = (options: {
  smtpUrl: string | undefined
  outboxDir: string
  from?: string
  /** The instance settings' mail server and sender (services/settings instanceMailRoute). */
  route?: () => Promise<MailRoute>
}): Mailer => {
  const transports = new Map<string, ReturnType<typeof nodemailer.createTransport>>()
  const smtp = (url: string) => {
    let transport = transports.get(url)
    if (transport === undefined) {
      for (const old of transports.values()) old.close()
      transports.clear()
      transport = nodemailer.createTransport(url)
      transports.set(url, transport)
    }
    return transport
  }
  const outbox = outboxTransport()
  const resolve = async (): Promise<MailRoute> => {
    if (options.smtpUrl !== undefined) return { smtpUrl: options.smtpUrl, from: options.from }
    const fromSettings = options.route === undefined ? undefined : await options.route()
    return { smtpUrl: fromSettings?.smtpUrl, from: options.from ?? fromSettings?.from }
  }
  return {
    send: async (message) => {
      const route = await resolve()
      const from = route.from ?? MAIL_FROM
      if (route.smtpUrl !== undefined) {
        await smtp(route.smtpUrl).sendMail({ from, ...message })
        return
      }
      const info = await outbox.sendMail({ from, ...message })
      await mkdir(options.outboxDir, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`
      await writeFile(join(options.outboxDir, name), info.message as Buffer)
    },
  }
}

const TEST_MAIL: Readonly<Record<Language, { subject: string; text: string }>> = {
  en: {
    subject: 'Procura: test mail',
    text: 'This mail was sent while setting up Procura: its mail server works.',
  },
  es: {
    subject: 'Procura: correo de prueba',
    text: 'Este correo se envió al configurar Procura: su servidor de correo funciona.',
  },
  fr: {
    subject: 'Procura : message de test',
    text: 'Ce message a été envoyé pendant l’installation de Procura : son serveur de messagerie fonctionne.',
  },
}

/**
 * Sends one test mail through `smtpUrl` to `to` (the first run's check of the mail server):
 * null when the server took it, else why not (its error, in a few words).
 */
export const testMailServer = async (
  smtpUrl: string,
  from: string | null,
  to: string,
  language: Language,
): Promise<string | null> => {
  const options: SMTPTransport.Options & { url: string } = {
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  }
  const transport = nodemailer.createTransport(options)
  try {
    await transport.sendMail({ from: from ?? MAIL_FROM, to, ...TEST_MAIL[language] })
    return null
  } catch (error) {
    return (error instanceof Error ? error.message : String(error)).slice(0, 200)
  } finally {
    transport.close()
  }
}
