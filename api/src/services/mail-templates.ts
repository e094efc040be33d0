import { type Actor, can } from '@procura/core/auth'
import { type DomainError, parseWith } from '@procura/core/errors'
import { isLanguage, LANGUAGES, type Language } from '@procura/core/i18n'
import {
  checkMailTemplate,
  defaultMailText,
  isMailTemplateKey,
  MAIL_TEMPLATE_KEYS,
  MAIL_TEMPLATES,
  MailTemplateInputSchema,
  type MailTemplateKey,
  renderMail,
  sampleValues,
  templateVariables,
} from '@procura/core/mail-template'
import { err, ok, type Result } from '@procura/core/result'
import { and, eq } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from '../db'
import { mailTemplates } from '../db/schema'
import { writeTrace } from './trace'

type Deps = { db: Db; clock: Clock }
type Refusal<T> = Promise<Result<T, DomainError>>

/** The template addressed by a route ({key}/{language}), or why not. */
const addressed = (
  actor: Actor,
  key: string,
  language: string,
): Result<{ key: MailTemplateKey; language: Language }, DomainError> => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' })
  if (!isMailTemplateKey(key) || !isLanguage(language)) return err({ code: 'NOT_FOUND' })
  return ok({ key, language })
}

/**
 * GET /bwapi/mail-templates: every mail Procura sends, its variables (described in the reader's
 * language) and, per language, the text in use and whether an administrator rewrote it.
 */
export const listMailTemplates = async (db: Db, actor: Actor, reader: Language) => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' } as DomainError)
  const rewritten = await db.select().from(mailTemplates)
  return ok({
    data: MAIL_TEMPLATE_KEYS.map((key) => ({
      key,
      label: MAIL_TEMPLATES[key].label[reader],
      variables: templateVariables(key).map((name) => ({
        name,
        description:
          (MAIL_TEMPLATES[key].variables as Record<string, Record<Language, string>>)[name]?.[reader] ?? '',
      })),
      languages: LANGUAGES.map((language) => {
        const own = rewritten.find((r) => r.key === key && r.language === language)
        const text = own ?? defaultMailText(key, language)
        return { language, subject: text.subject, content: text.content, rewritten: own !== undefined }
      }),
    })),
  })
}

/**
 * PUT /bwapi/mail-templates/{key}/{language}: the administrator's text of one mail in one language,
 * checked in core (only the variables the mail offers); every mail of that kind uses it at once.
 */
export const saveMailTemplate = async (
  deps: Deps,
  actor: Actor,
  key: string,
  language: string,
  input: unknown,
): Refusal<{ data: { key: string; language: string } }> => {
  const target = addressed(actor, key, language)
  if (!target.ok) return target
  const parsed = parseWith(MailTemplateInputSchema, input)
  if (!parsed.ok) return parsed
  const checked = checkMailTemplate(target.value.key, parsed.value)
  if (!checked.ok) return checked
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(mailTemplates)
      .values({ ...target.value, ...checked.value, updated_at: now })
      .onConflictDoUpdate({
        target: [mailTemplates.key, mailTemplates.language],
        set: { ...checked.value, updated_at: now },
      })
    await writeTrace(tx, deps.clock, {
      action: 'update',
      message: `Mail template ${key} (${language}) rewritten`,
      model: 'mail_template',
      model_id: `${key}/${language}`,
      user_id: actor.id,
    })
  })
  return ok({ data: { key, language } })
}

/** DELETE /bwapi/mail-templates/{key}/{language}: back to the product's own text. */
export const resetMailTemplate = async (
  deps: Deps,
  actor: Actor,
  key: string,
  language: string,
): Refusal<{ data: { key: string; language: string } }> => {
  const target = addressed(actor, key, language)
  if (!target.ok) return target
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(mailTemplates)
      .where(and(eq(mailTemplates.key, key), eq(mailTemplates.language, language)))
    await writeTrace(tx, deps.clock, {
      action: 'reset',
      message: `Mail template ${key} (${language}) back to the product's text`,
      model: 'mail_template',
      model_id: `${key}/${language}`,
      user_id: actor.id,
    })
  })
  return ok({ data: { key, language } })
}

/**
 * POST /bwapi/mail-templates/{key}/{language}/preview: the mail as it would be written from this
 * text with an example of each variable, checked as a save would check it; nothing is kept.
 */
export const previewMailTemplate = (
  actor: Actor,
  key: string,
  language: string,
  input: unknown,
): Result<{ data: { subject: string; text: string } }, DomainError> => {
  const target = addressed(actor, key, language)
  if (!target.ok) return target
  const parsed = parseWith(MailTemplateInputSchema, input)
  if (!parsed.ok) return parsed
  const checked = checkMailTemplate(target.value.key, parsed.value)
  if (!checked.ok) return checked
  return ok({ data: renderMail(checked.value, sampleValues(target.value.key, target.value.language)) })
}
