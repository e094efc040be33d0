import { type API_SCOPES, ApiTokenInputSchema } from '@procura/core/auth'
import { AckSchema, OutboxQuerySchema } from '@procura/core/invoice'
/**
 * The exchange with an e-invoicing platform (docs/domain/e-invoicing.md): API tokens for machine
 * clients, the inbound e-invoices, and the outbox of lifecycle statuses the platform collects.
 */

import { type Actor, can } from '@procura/core/auth'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { cdarStatusMessage, type LifecycleCode, type LifecycleReason } from '@procura/core/invoice'
import { err, ok, type Result } from '@procura/core/result'
import { and, asc, eq, gt, inArray, isNull, lt } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { apiTokens, eInvoiceOutbox, pieceCounters, users } from '../../db/schema'
import { loadSessionUser, orderActorOf } from '../auth/session'
import { hashToken, newToken } from '../auth/tokens'
import { createPendingInvoice } from '../invoices/pending'
import { nextNumbers } from '../numbering'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import type { UploadedFile } from '../users/signature'

type Deps = { db: Db; clock: Clock; storageDir: string }
type Answer<T> = Promise<Result<T, DomainError>>

export type ApiScope = (typeof API_SCOPES)[number]

/** A token is `prc_` and 256 random bits: recognisable in logs, never guessable. */
const TOKEN_PREFIX = 'prc_'

/**
 * POST /bwapi/api-tokens: an administrator creates a token with its scopes; the token is answered
 * once and only its hash is kept.
 */
export const createApiToken = async (
  deps: Deps,
  actor: Actor,
  input: unknown,
): Answer<{ data: { id: number; token: string } }> => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' })
  const parsed = parseWith(ApiTokenInputSchema, input)
  if (!parsed.ok) return parsed
  const token = `${TOKEN_PREFIX}${newToken()}`
  const now = deps.clock.now()
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({
        label: parsed.value.label,
        token_hash: hashToken(token),
        prefix: token.slice(0, TOKEN_PREFIX.length + 6),
        scopes: [...new Set(parsed.value.scopes)],
        created_by: actor.id,
        created_at: now,
      })
      .returning({ id: apiTokens.id })
    if (row === undefined) throw new Error('Insert returned no token')
    await writeTrace(tx, deps.clock, {
      action: 'create',
      message: `API token "${parsed.value.label}" created (${parsed.value.scopes.join(', ')})`,
      model: 'api_token',
      model_id: row.id,
      user_id: actor.id,
    })
    return row.id
  })
  return ok({ data: { id, token } })
}

/** GET /bwapi/api-tokens: the tokens (never their secret), who made them, their last use. */
export const listApiTokens = async (db: Db, actor: Actor) => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' } as DomainError)
  const rows = await db
    .select({ token: apiTokens, by: users.label })
    .from(apiTokens)
    .innerJoin(users, eq(apiTokens.created_by, users.id))
    .orderBy(asc(apiTokens.id))
  return ok({
    meta: { outbox: await outboxState(db) },
    data: rows.map(({ token, by }) => ({
      id: token.id,
      label: token.label,
      prefix: token.prefix,
      scopes: token.scopes,
      created_by: by,
      created_at: token.created_at.toISOString(),
      last_used_at: token.last_used_at?.toISOString() ?? null,
      revoked_at: token.revoked_at?.toISOString() ?? null,
    })),
  })
}

/**
 * Where the lifecycle statuses stand, for the tokens page: collected by the platform or pushed to
 * its URL, how many wait, and the oldest waiting one's last failure and next try (push mode).
 */
const outboxState = async (db: Db) => {
  const { api } = await loadSettings(db)
  const waiting = await db
    .select({
      id: eInvoiceOutbox.id,
      last_error: eInvoiceOutbox.last_error,
      next_attempt_at: eInvoiceOutbox.next_attempt_at,
    })
    .from(eInvoiceOutbox)
    .where(isNull(eInvoiceOutbox.acknowledged_at))
    .orderBy(asc(eInvoiceOutbox.id))
  const oldest = waiting[0]
  return {
    mode: api.status_push_url === null ? ('collect' as const) : ('push' as const),
    push_url: api.status_push_url,
    waiting: waiting.length,
    last_error: oldest?.last_error ?? null,
    next_attempt_at: oldest?.last_error == null ? null : (oldest.next_attempt_at?.toISOString() ?? null),
  }
}

/** POST /bwapi/api-tokens/{id}/revoke: refused at its next use, for good. */
export const revokeApiToken = async (deps: Deps, actor: Actor, id: number) => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' } as DomainError)
  const now = deps.clock.now()
  const revoked = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(apiTokens)
      .set({ revoked_at: now })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revoked_at)))
      .returning({ id: apiTokens.id, label: apiTokens.label })
    for (const row of rows)
      await writeTrace(tx, deps.clock, {
        action: 'revoke',
        message: `API token "${row.label}" revoked`,
        model: 'api_token',
        model_id: row.id,
        user_id: actor.id,
      })
    return rows.length
  })
  return revoked === 0 ? err({ code: 'ITEM_NOT_FOUND' } as DomainError) : ok({ data: { id } })
}

/** The counters of calls per token and minute (`piece_counters`, this series). */
const RATE_SERIES = 'api_calls'
/** A minute's window of a token: the minute first, fixed width, so older windows sort before. */
const rateWindow = (minute: number, tokenId: number) => `${String(minute).padStart(10, '0')}:${tokenId}`

/** Forgets the call counters of the minutes before `now`'s (the traces job runs it). */
export const deleteOldRateWindows = async (db: Db, now: Date) =>
  (
    await db
      .delete(pieceCounters)
      .where(
        and(
          eq(pieceCounters.series, RATE_SERIES),
          lt(pieceCounters.period, rateWindow(Math.floor(now.getTime() / 60_000), 0)),
        ),
      )
      .returning({ period: pieceCounters.period })
  ).length

/** The machine client behind a bearer token: its row and the administrator it acts for. */
export type TokenClient = { id: number; label: string; actor: ReturnType<typeof orderActorOf> }

/**
 * A machine call's token: known, not revoked, holding the scope (401 / 403 otherwise); its use is
 * kept (last use, and a trace naming the call).
 */
export const authenticateToken = async (
  deps: Deps,
  authorization: string | undefined,
  scope: ApiScope,
  call: string,
): Answer<TokenClient> => {
  // Off by default: machine clients reach nothing until an administrator turns the API on.
  const settings = await loadSettings(deps.db)
  if (!settings.api.enabled) return err({ code: 'API_DISABLED' })
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
  if (token === undefined) return err({ code: 'UNAUTHENTICATED' })
  const row = await deps.db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.token_hash, hashToken(token)))
    .then(first)
  if (row === undefined || row.revoked_at !== null) return err({ code: 'UNAUTHENTICATED' })
  if (!row.scopes.includes(scope)) return err({ code: 'FORBIDDEN' })
  const user = await loadSessionUser(deps.db, row.created_by)
  if (user === null || !user.active) return err({ code: 'UNAUTHENTICATED' })
  const now = deps.clock.now()
  // The rate limit: one counter per token and minute, advanced atomically (the same upsert as
  // piece numbers), so it holds across servers sharing the database.
  const minute = Math.floor(now.getTime() / 60_000)
  const [calls = 0] = await nextNumbers(deps.db, RATE_SERIES, [rateWindow(minute, row.id)])
  if (calls > settings.api.rate_limit_per_minute)
    return err({
      code: 'API_RATE_LIMITED',
      params: {
        limit: settings.api.rate_limit_per_minute,
        seconds: Math.ceil(((minute + 1) * 60_000 - now.getTime()) / 1000),
      },
    })
  await deps.db.transaction(async (tx) => {
    await tx.update(apiTokens).set({ last_used_at: now }).where(eq(apiTokens.id, row.id))
    await writeTrace(tx, deps.clock, {
      action: 'use',
      message: `API token "${row.label}": ${call}`,
      model: 'api_token',
      model_id: row.id,
      user_id: row.created_by,
    })
  })
  return ok({
    id: row.id,
    label: row.label,
    actor: orderActorOf({ hash: '', csrf_token: '', remember: false, user, real_user: null }),
  })
}

/**
 * POST /platform/e-invoices: a platform hands an e-invoice in (Factur-X PDF, CII or UBL XML); it
 * is queued as a pending invoice like a file a clerk drops, read, prefilled and matched by its
 * references. A file that is no e-invoice is refused.
 */
export const receiveEInvoice = async (
  deps: Deps,
  client: TokenClient,
  file: UploadedFile | null,
  language: Language,
): Answer<{ data: { id: number } }> => {
  if (file === null) return err(formError({ file: [{ code: 'FIELD_REQUIRED' }] }))
  const head = new TextDecoder().decode(file.bytes.slice(0, 5))
  if (head !== '%PDF-' && !head.trimStart().startsWith('<'))
    return err(
      formError({
        file: [{ code: 'E_INVOICE_UNREADABLE', params: { reason: 'it is neither a PDF nor an XML' } }],
      }),
    )
  return createPendingInvoice(
    deps,
    client.actor,
    { comment: `Received from ${client.label}` },
    file,
    language,
  )
}

/** What the outbox keeps of a status (services/invoices/lifecycle.ts writes it). */
export type OutboxPayload = {
  idempotency_key: string
  invoice: {
    number: string | null
    issue_date: string | null
    credit_note?: boolean
    seller: { name: string | null; siret: string | null }
    buyer?: { name: string | null; siren: string | null }
  }
  status: { code: LifecycleCode; reason_code: LifecycleReason | null; comment: string | null; at: string }
}

/** A status of the outbox as its CDAR D22B message, from what its payload kept (a SIREN is a SIRET's first nine digits). */
export const cdarOf = (payload: OutboxPayload): string =>
  cdarStatusMessage({
    id: payload.idempotency_key,
    at: new Date(payload.status.at),
    code: payload.status.code,
    reason_code: payload.status.reason_code,
    comment: payload.status.comment,
    invoice: {
      number: payload.invoice.number ?? '',
      issue_date: payload.invoice.issue_date ?? payload.status.at.slice(0, 10),
      credit_note: payload.invoice.credit_note === true,
    },
    buyer: { name: payload.invoice.buyer?.name ?? '', siren: payload.invoice.buyer?.siren ?? null },
    seller: {
      name: payload.invoice.seller.name ?? '',
      siren: /^\d{9}/.exec(payload.invoice.seller.siret ?? '')?.[0] ?? null,
    },
  })

/**
 * GET /platform/statuses?after=&limit=: the lifecycle statuses not yet acknowledged, oldest first,
 * after a cursor (the last id read). Each carries its idempotency key: a platform that reads a
 * status twice (it crashed before acknowledging) recognises it.
 */
export const pendingStatuses = async (db: Db, query: Record<string, string | undefined>) => {
  const parsed = parseWith(OutboxQuerySchema, query)
  if (!parsed.ok) return parsed
  const rows = await db
    .select()
    .from(eInvoiceOutbox)
    .where(and(isNull(eInvoiceOutbox.acknowledged_at), gt(eInvoiceOutbox.id, parsed.value.after)))
    .orderBy(asc(eInvoiceOutbox.id))
    .limit(parsed.value.limit + 1)
  const page = rows.slice(0, parsed.value.limit)
  return ok({
    data: page.map((r) => ({
      id: r.id,
      ...(r.payload as Record<string, unknown>),
      ...(parsed.value.format === 'cdar' ? { cdar: cdarOf(r.payload as OutboxPayload) } : {}),
    })),
    meta: { next: rows.length > parsed.value.limit ? (page.at(-1)?.id ?? null) : null },
  })
}

/** POST /platform/statuses/ack {ids}: the platform has them; they are not answered again. */
export const acknowledgeStatuses = async (deps: Deps, input: unknown) => {
  const parsed = parseWith(AckSchema, input)
  if (!parsed.ok) return parsed
  const done = await deps.db
    .update(eInvoiceOutbox)
    .set({ acknowledged_at: deps.clock.now() })
    .where(and(inArray(eInvoiceOutbox.id, parsed.value.ids), isNull(eInvoiceOutbox.acknowledged_at)))
    .returning({ id: eInvoiceOutbox.id })
  return ok({ data: { acknowledged: done.length } })
}
