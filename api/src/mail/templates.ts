import type { Language } from '@procura/core/i18n'
import {
  decisionLinksLines,
  defaultMailText,
  documentName,
  type MailDocumentModel,
  type MailTemplateKey,
  type MailText,
  onBehalfLine,
  renderMail,
} from '@procura/core/mail-template'
import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../db'
import { first } from '../db/first'
import { cachedReference } from '../db/reference-cache'
import { mailTemplates } from '../db/schema'

/**
 * A mail's template in a language: the administrator's when they rewrote it, else the product's.
 * Within a call, from the reference cache (a rewrite advances the reference version).
 */
export const mailTextOf = async (db: DbOrTx, key: MailTemplateKey, language: Language): Promise<MailText> =>
  (await cachedReference(db, `mail-template:${key}:${language}`, async () => {
    const own = await db
      .select({ subject: mailTemplates.subject, content: mailTemplates.content })
      .from(mailTemplates)
      .where(and(eq(mailTemplates.key, key), eq(mailTemplates.language, language)))
      .limit(1)
      .then(first)
    return own ?? null
  })) ?? defaultMailText(key, language)

/** Every mail Procura sends is written here, from its template (core/mail-template) and its values. */
export const writeMail = async (
  db: DbOrTx,
  key: MailTemplateKey,
  language: Language,
  values: Readonly<Record<string, string | number>>,
) => renderMail(await mailTextOf(db, key, language), values)

export const passwordResetMail = (
  db: DbOrTx,
  language: Language,
  values: { name: string; link: string; minutes: number },
) => writeMail(db, 'password_reset', language, values)

/** An order e-mail's subject and cover text, as the send dialog offers them. */
export const orderSendingMail = (db: DbOrTx, language: Language, values: { code: string; buyer: string }) =>
  writeMail(db, 'order_sending', language, values)

/** The e-mail to a validator (or a delegate who asked to be told) with a document to validate. */
export const validationRequestMail = (
  db: DbOrTx,
  language: Language,
  values: {
    name: string
    model: MailDocumentModel
    code: string
    amount: string
    link: string
    delegator: string | null
    /** The reader's own "Validate" and "Refuse" links, or null (none offered). */
    decisionLinks: { validate: string; refuse: string } | null
  },
) =>
  writeMail(db, 'validation_request', language, {
    name: values.name,
    amount: values.amount,
    link: values.link,
    document: documentName(language, values.model, values.code),
    onBehalf: onBehalfLine(language, values.delegator),
    decisionLinks: decisionLinksLines(language, values.decisionLinks),
  })

/** The e-mail to a document's author when its validation ends: approved, or refused with the reason. */
export const decisionMail = (
  db: DbOrTx,
  language: Language,
  values: {
    name: string
    model: MailDocumentModel
    code: string
    decision: 'approved' | 'refused'
    by: string
    reason: string | null
    link: string
  },
) =>
  writeMail(db, values.decision === 'approved' ? 'decision_approved' : 'decision_refused', language, {
    name: values.name,
    document: documentName(language, values.model, values.code),
    by: values.by,
    reason: values.reason ?? '',
    link: values.link,
  })

/** Warns a supplier's manager of its documents expiring soon (one line per document). */
export const filesExpiringMail = (
  db: DbOrTx,
  language: Language,
  values: { name: string; supplier: string; files: string; link: string },
) => writeMail(db, 'files_expiring', language, values)

/** Warns a supplier's manager that a contract's notice deadline is near. */
export const contractNoticeMail = (
  db: DbOrTx,
  language: Language,
  values: { name: string; supplier: string; contract: string; deadline: string; end: string; link: string },
) => writeMail(db, 'contract_notice', language, values)

/** Invites a supplier's contact to the portal: a link to choose its password. */
export const portalInvitationMail = (
  db: DbOrTx,
  language: Language,
  values: { name: string; company: string; supplier: string; days: number; link: string; login: string },
) => writeMail(db, 'portal_invitation', language, values)

/** The digest of a user's actions to do (one line per kind, with its count). */
export const actionsToDoMail = (
  db: DbOrTx,
  language: Language,
  values: { name: string; count: number; actions: string; link: string },
) => writeMail(db, 'actions_to_do', language, values)

/** A notification by e-mail, for the kinds that have no mail of their own. */
export const notificationMail = (
  db: DbOrTx,
  language: Language,
  values: { name: string; text: string; link: string },
) => writeMail(db, 'notification', language, values)

/** Warns an agreement's buyer that it ends soon (the notice days of the settings). */
export const agreementExpiringMail = (
  db: DbOrTx,
  language: Language,
  values: { name: string; agreement: string; supplier: string; end: string; used: number; link: string },
) => writeMail(db, 'agreement_expiring', language, values)

/** The e-mail inviting a supplier's contact to quote (the RFQ's PDF goes with it). */
export const rfqInvitationMail = (
  db: DbOrTx,
  language: Language,
  values: { name: string; rfq: string; company: string; deadline: string; buyer: string; link: string },
) => writeMail(db, 'rfq_invitation', language, values)

/** The e-mail telling a supplier that answered that it won nothing. */
export const rfqNotAwardedMail = (
  db: DbOrTx,
  language: Language,
  values: { name: string; rfq: string; company: string; buyer: string },
) => writeMail(db, 'rfq_not_awarded', language, values)
