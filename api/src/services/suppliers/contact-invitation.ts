import { INVITATION_LINK_DAYS, SUPPLIER_CONTACT_ROLE } from '@procura/core/auth'
import { type DomainError, formError } from '@procura/core/errors'
import { isLanguage } from '@procura/core/i18n'
import { guard } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { addDays } from 'date-fns'
import { and, eq, sql } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { passwordResets, roles, supplierContacts, suppliers, users } from '../../db/schema'
import type { Mailer } from '../../mail/mailer'
import { portalInvitationMail } from '../../mail/templates'
import { hashToken, newToken } from '../auth/tokens'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { supplierDecisions } from './suppliers'

type Deps = { db: Db; clock: Clock; mailer: Mailer; linkBase: string }

/**
 * POST /bwapi/suppliers/{id}/contacts/{contact}/invite: when the instance opens supplier access,
 * gives the contact a portal account (login = its e-mail, the supplier contacts' role, no password
 * yet; an account the address already has is reused, and the mail names that account's login)
 * and e-mails it a link to choose its password, valid INVITATION_LINK_DAYS days (an expired link
 * answers 498; inviting again sends a new one). Its portal shows its company's sent orders
 * and the documents its company is asked for. An address that is a staff member's is refused.
 */
export const inviteContact = async (
  deps: Deps,
  actor: OrderActor,
  supplierId: number,
  contactId: number,
): Promise<Result<{ data: { user_id: number } }, DomainError>> => {
  const allowed = guard(await supplierDecisions(deps.db, actor, supplierId), 'edit')
  if (!allowed.ok) return allowed
  const settings = await loadSettings(deps.db)
  if (!settings.customer.supplier_access) return err({ code: 'SUPPLIER_ACCESS_DISABLED' })
  const found = await deps.db
    .select({ contact: supplierContacts, supplier: suppliers.company_name })
    .from(supplierContacts)
    .innerJoin(suppliers, eq(suppliers.id, supplierContacts.supplier_id))
    .where(and(eq(supplierContacts.id, contactId), eq(supplierContacts.supplier_id, supplierId)))
    .limit(1)
    .then(first)
  if (found === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const email = found.contact.email
  // The invitation and the login are its e-mail: a contact known by phone only gets none.
  if (email === null) return err(formError({ email: [{ code: 'FIELD_REQUIRED' }] }))
  const contact = { ...found.contact, email }
  const [existing, role] = await Promise.all([
    deps.db
      .select({ id: users.id, login: users.login, role: roles.code })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.role_id))
      .where(sql`lower(${users.email}) = lower(${contact.email})`)
      .limit(1)
      .then(first),
    deps.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.code, SUPPLIER_CONTACT_ROLE))
      .limit(1)
      .then(first),
  ])
  if (existing !== undefined && existing.role !== SUPPLIER_CONTACT_ROLE)
    return err({ code: 'CONTACT_EMAIL_IS_STAFF' })
  const token = newToken()
  const now = deps.clock.now()
  const userId = await deps.db.transaction(async (tx) => {
    let id = existing?.id
    if (id === undefined) {
      const [row] = await tx
        .insert(users)
        .values({
          login: contact.email.toLowerCase(),
          label: contact.name,
          email: contact.email,
          language: contact.language,
          role_id: role?.id ?? null,
          active: true,
          password_hash: null,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: users.id })
      id = row?.id ?? 0
    }
    await tx.delete(passwordResets).where(eq(passwordResets.user_id, id))
    await tx.insert(passwordResets).values({
      token_hash: hashToken(token),
      user_id: id,
      created_at: now,
      expires_at: addDays(now, INVITATION_LINK_DAYS),
    })
    await writeTrace(tx, deps.clock, {
      action: 'invite_contact',
      message: `Contact ${contact.name} (${contact.email}) invited to the supplier portal`,
      model: 'supplier',
      model_id: supplierId,
      user_id: actor.id,
    })
    return id
  })
  const language = isLanguage(contact.language) ? contact.language : 'en'
  await deps.mailer.send({
    to: contact.email,
    ...(await portalInvitationMail(deps.db, language, {
      name: contact.name,
      company: settings.customer.name,
      supplier: found.supplier,
      days: INVITATION_LINK_DAYS,
      link: `${deps.linkBase}/password-reset/${token}`,
      // The login that signs in: an account the address already had keeps its own.
      login: existing?.login ?? contact.email.toLowerCase(),
    })),
  })
  return ok({ data: { user_id: userId } })
}
