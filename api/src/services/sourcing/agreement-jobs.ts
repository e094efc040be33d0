/** The agreements' daily job: ending, used up, expiring. */
import { addDays, isoDateIn } from '@procura/core/calendar'
import { isLanguage } from '@procura/core/i18n'
import { agreementUsedPercent } from '@procura/core/sourcing'
import { and, eq, inArray, isNull, lt, lte } from 'drizzle-orm'
import { frameworkAgreementLines, frameworkAgreements, suppliers, users } from '../../db/schema'
import { dayWriter } from '../../mail/day-formats'
import type { Mailer } from '../../mail/mailer'
import { agreementExpiringMail } from '../../mail/templates'
import { notify } from '../notifications/notifications'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import type { Deps } from './agreements'

/**
 * The agreements job: an active (or used-up) agreement past its end expires and draws nothing
 * more; its buyer is warned once, the settings' notice days before its end (a notification, and
 * an e-mail from the agreement_expiring template). Answers how many agreements it changed or warned.
 */
export const runAgreementsJob = async (
  deps: Deps & { mailer?: Mailer; linkBase?: string },
): Promise<number> => {
  const settings = await loadSettings(deps.db)
  const now = deps.clock.now()
  const today = isoDateIn(now, settings.formats.time_zone)
  const expired = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(frameworkAgreements)
      .set({ status: 'expired', updated_at: now })
      .where(
        and(inArray(frameworkAgreements.status, ['active', 'done']), lt(frameworkAgreements.ends_on, today)),
      )
      .returning({ id: frameworkAgreements.id, code: frameworkAgreements.code })
    for (const row of rows)
      await writeTrace(tx, deps.clock, {
        action: 'expire',
        message: `Agreement ${row.code} expired`,
        model: 'framework_agreement',
        model_id: row.id,
      })
    return rows.length
  })
  const horizon = addDays(today, settings.contract.agreement_notice_days)
  const ending = await deps.db
    .select({
      agreement: frameworkAgreements,
      supplier: suppliers.company_name,
      buyer: users.label,
      email: users.email,
      language: users.language,
    })
    .from(frameworkAgreements)
    .innerJoin(suppliers, eq(suppliers.id, frameworkAgreements.supplier_id))
    .innerJoin(users, eq(users.id, frameworkAgreements.buyer_id))
    .where(
      and(
        inArray(frameworkAgreements.status, ['active', 'done']),
        isNull(frameworkAgreements.expiry_warned_at),
        lte(frameworkAgreements.ends_on, horizon),
      ),
    )
  const dayIn = await dayWriter(deps.db)
  for (const row of ending) {
    // Claimed first: two servers running the job warn once.
    const claimed = await deps.db
      .update(frameworkAgreements)
      .set({ expiry_warned_at: now })
      .where(and(eq(frameworkAgreements.id, row.agreement.id), isNull(frameworkAgreements.expiry_warned_at)))
      .returning({ id: frameworkAgreements.id })
    if (claimed.length === 0) continue
    const language = isLanguage(row.language) ? row.language : 'en'
    const lines = await deps.db
      .select()
      .from(frameworkAgreementLines)
      .where(eq(frameworkAgreementLines.agreement_id, row.agreement.id))
    const used = agreementUsedPercent(lines)
    const end = dayIn(language, row.agreement.ends_on)
    const mailed = await notify(deps, {
      user_ids: [row.agreement.buyer_id],
      kind: 'agreement_expiring',
      model: 'framework_agreement',
      model_id: row.agreement.id,
      params: { code: row.agreement.code, supplier: row.supplier, date: end, used },
    })
    if (deps.mailer !== undefined && mailed.has(row.agreement.buyer_id) && row.email !== '')
      await deps.mailer.send({
        to: row.email,
        ...(await agreementExpiringMail(deps.db, language, {
          name: row.buyer,
          agreement: `${row.agreement.code} ${row.agreement.label}`,
          supplier: row.supplier,
          end,
          used,
          link: `${deps.linkBase ?? ''}/framework-agreements/${row.agreement.id}`,
        })),
      })
  }
  return expired + ending.length
}
