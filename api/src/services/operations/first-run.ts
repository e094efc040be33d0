import { type DomainError, formError, parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { err, ok, type Result } from '@procura/core/result'
import { checkSetupOpen, type FirstRun, FirstRunSchema } from '@procura/core/settings'
import { and, asc, count, eq } from 'drizzle-orm'
import { hashPassword } from '../../auth/password'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { companies, currencies, languages, referenceCodes, roles, settings, users } from '../../db/schema'
import { type Mailer, testMailServer } from '../../mail/mailer'
import { requestPasswordReset } from '../auth/password-reset'
import { readSetting, writeSetting } from '../settings'
import { writeTrace } from '../trace'

type Deps = { db: Db; clock: Clock; mailer: Mailer }

/** The settings row a first run claims: its primary key lets only one first run through, on either engine. */
const CLAIM_KEY = 'first_run'

const userCount = async (db: Db) => Number((await db.select({ n: count() }).from(users).then(first))?.n ?? 0)

/** A region's or a currency's name in the reader's language (Node's ICU), the code when it has none. */
const displayName = (language: Language, type: 'region' | 'currency', code: string) => {
  try {
    return new Intl.DisplayNames([language], { type }).of(code) ?? code
  } catch {
    return code
  }
}

/**
 * GET /bwapi/setup and `procura init`: whether the first-run setup is open (no user yet) and its
 * choices — the currencies and countries of the reference data, named in the reader's language.
 */
export const firstRunChoices = async (db: Db, language: Language) => {
  const open = checkSetupOpen(await userCount(db)).ok
  if (!open) return { open, currencies: [], countries: [], languages: [] }
  const [currencyRows, countryRows, languageRows] = await Promise.all([
    db.select({ code: currencies.code }).from(currencies).orderBy(asc(currencies.code)),
    db
      .select({ code: referenceCodes.code })
      .from(referenceCodes)
      .where(and(eq(referenceCodes.list, 'country'), eq(referenceCodes.active, true))),
    db.select({ code: languages.code, label: languages.label, active: languages.active }).from(languages),
  ])
  const named = (type: 'region' | 'currency', rows: { code: string }[]) =>
    rows
      .map((r) => ({ value: r.code, label: `${displayName(language, type, r.code)} (${r.code})` }))
      .sort((a, b) => a.label.localeCompare(b.label, language))
  return {
    open,
    currencies: named('currency', currencyRows),
    countries: named('region', countryRows),
    languages: languageRows.filter((l) => l.active).map((l) => ({ value: l.code, label: l.label })),
  }
}

/** The choices the first run's answers must be among (a code the instance does not know is refused). */
const choiceIssues = async (db: Db, input: FirstRun) => {
  const choices = await firstRunChoices(db, 'en')
  const among = (list: { value: string }[], value: string) =>
    list.some((c) => c.value === value) ? null : { code: 'NOT_IN_LIST' as const }
  const fields = {
    currency_code: among(choices.currencies, input.currency_code),
    country_code: among(choices.countries, input.country_code),
    language: among(choices.languages, input.language),
  }
  const issues = Object.entries(fields).filter(([, issue]) => issue !== null)
  return issues.length === 0
    ? null
    : formError(
        Object.fromEntries(issues.map(([field, issue]) => [field, [issue as { code: 'NOT_IN_LIST' }]])),
      )
}

/**
 * POST /bwapi/setup and `procura init`: creates the first administrator, the company and the
 * instance settings in one transaction, while no user exists (SETUP_DONE afterwards, and for the
 * second of two racing first runs). A mail server is tested first by sending the administrator a
 * mail through it; an invited administrator then gets the link to choose a password. Answers the
 * administrator's id; a refusal changes nothing. `origin`: the address the link of an invitation
 * starts with when the instance has no public address.
 */
export const completeFirstRun = async (
  deps: Deps & { basePath: string },
  input: unknown,
  origin: string,
): Promise<Result<{ user_id: number; invited: boolean }, DomainError>> => {
  const { db, clock } = deps
  const open = checkSetupOpen(await userCount(db))
  if (!open.ok) return open
  const parsed = parseWith(FirstRunSchema, input)
  if (!parsed.ok) return parsed
  const value = parsed.value
  const notAmong = await choiceIssues(db, value)
  if (notAmong !== null) return err(notAmong)
  if (value.smtp_url !== null) {
    const tested = await testMailServer(value.smtp_url, value.mail_from, value.email, value.language)
    if (tested !== null)
      return err(formError({ smtp_url: [{ code: 'MAIL_SERVER_UNREACHABLE', params: { reason: tested } }] }))
  }
  const password_hash = value.invite ? null : await hashPassword(value.password)
  const userId = await db.transaction(async (tx) => {
    const now = clock.now()
    const claimed = await tx
      .insert(settings)
      .values({ key: CLAIM_KEY, value: { at: now.toISOString(), login: value.login }, updated_at: now })
      .onConflictDoNothing()
      .returning({ key: settings.key })
    if (claimed.length === 0) return null
    await tx.insert(companies).values({
      code: value.company_code,
      label: value.company_label,
      currency_code: value.currency_code,
      country_code: value.country_code,
      created_at: now,
      updated_at: now,
    })
    const role = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, 'admin')).then(first)
    const inserted = await tx
      .insert(users)
      .values({
        login: value.login,
        label: value.label,
        email: value.email,
        language: value.language,
        currency_code: value.currency_code,
        role_id: role?.id ?? null,
        buyer: true,
        can_view_other_po: true,
        password_hash,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: users.id })
    const id = inserted[0]?.id
    if (id === undefined) throw new Error('The first administrator could not be created')
    const stored = ((await readSetting(tx, 'settings')) ?? {}) as Record<string, Record<string, unknown>>
    await writeSetting(tx, clock, 'settings', {
      ...stored,
      customer: { ...stored.customer, name: value.company_label },
      instance: {
        ...stored.instance,
        public_url: value.public_url,
        smtp_url: value.smtp_url,
        mail_from: value.mail_from,
        file_storage: value.file_storage,
      },
    })
    await writeTrace(tx, clock, {
      action: 'first_run',
      message: `Installation set up: administrator ${value.login}, company ${value.company_code}`,
      model: 'user',
      model_id: id,
      user_id: id,
    })
    return id
  })
  if (userId === null) return err({ code: 'SETUP_DONE' })
  if (value.invite) {
    const linkBase = `${(value.public_url ?? origin).replace(/\/+$/, '')}${deps.basePath}`
    const sent = await requestPasswordReset(deps, { login: value.login }, linkBase)
    if (!sent.ok) throw new Error(`The invitation of ${value.login} could not be sent: ${sent.error.code}`)
  }
  return ok({ user_id: userId, invited: value.invite })
}
