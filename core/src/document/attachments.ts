import { z } from 'zod'
import type { DomainError } from '../errors/domain-error'
import { type Decisions, decideEach, firstRefusal, refusalOf, unless } from '../policy/decisions'
import type { OrderActor } from '../purchase-order/access'
import { ok, type Result } from '../result'
import { checkCanManageSuppliers } from '../supplier/supplier'

/** The three ways to look at a document's files (spec §3 "Need"). */
export const ATTACHMENT_VIEWS = ['all', 'as_buyer', 'own'] as const
export type AttachmentView = (typeof ATTACHMENT_VIEWS)[number]

export type AttachmentOwners = { user_id: number; recipient_id: number | null }
export type ViewContext = { actor_id: number; buyer_id: number }

/**
 * Whether a file shows in a view:
 * - all: every file of the document;
 * - as_buyer: the files the document's buyer added or was sent;
 * - own: the files the reader added or was sent (creator or recipient).
 */
export const inAttachmentView = (
  view: AttachmentView,
  file: AttachmentOwners,
  context: ViewContext,
): boolean => {
  const touches = (userId: number) => file.user_id === userId || file.recipient_id === userId
  if (view === 'as_buyer') return touches(context.buyer_id)
  if (view === 'own') return touches(context.actor_id)
  return true
}

/**
 * Who adds and removes the files of a document they read: anyone who reads it, but a supplier's
 * contract, whose files (the signed copy, its amendments) are kept by who manages suppliers.
 */
export const checkCanChangeFiles = (actor: OrderActor, model: string): Result<void, DomainError> =>
  model === 'supplier_contract' ? checkCanManageSuppliers(actor) : ok(undefined)

/** What a person may do with a document's files: add one, remove one. */
export const ATTACHMENT_POLICY_ACTIONS = ['add', 'remove'] as const
export type AttachmentPolicyAction = (typeof ATTACHMENT_POLICY_ACTIONS)[number]

/**
 * The files' actions policy on a document the person reads: adding follows checkCanChangeFiles;
 * removing too, and only the person who added the file removes it.
 */
export const allowedAttachmentActions = (
  actor: OrderActor,
  model: string,
  file?: AttachmentOwners,
): Decisions<AttachmentPolicyAction> =>
  decideEach(ATTACHMENT_POLICY_ACTIONS, (action) =>
    firstRefusal(
      refusalOf(checkCanChangeFiles(actor, model)),
      action === 'remove' ? unless(file !== undefined && file.user_id === actor.id) : undefined,
    ),
  )

export const CommentInputSchema = z.object({
  body: z.string().trim().min(1).max(5000),
})

export const AttachmentViewSchema = z.enum(ATTACHMENT_VIEWS).default('all')
