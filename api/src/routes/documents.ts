import { rowsOf } from '@procura/core/answer'
import { AttachmentAnswerSchema, CommentAnswerSchema, CommentInputSchema } from '@procura/core/document'
import type { Context, Hono } from 'hono'
import { z } from 'zod'
import type { DocumentModel } from '../db/schema'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { binary, Created, Ok } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { download, formOf, formText, uploadedFile } from '../http/upload'
import { orderActorOf } from '../services/auth/session'
import {
  addAttachment,
  addComment,
  listAttachments,
  listComments,
  readAttachment,
  removeAttachment,
} from '../services/documents/documents'
import { readBody } from './auth'

const TAGS = {
  need: 'Requests',
  purchase_order: 'Purchase orders',
  delivery: 'Deliveries',
  supplier_invoice: 'Supplier invoices',
  supplier_contract: 'Suppliers',
  expense: 'Expenses',
  rfq: 'Requests for quotation',
  framework_agreement: 'Framework agreements',
} as const

const addCommentRoutes = (app: Hono<AppEnv>, deps: AppDeps, model: DocumentModel) => {
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  const withId = (c: Context<AppEnv>, work: (id: number) => Promise<Response>) => {
    const id = idParam(c)
    return id === null ? refuse(c, { code: 'NOT_FOUND' }) : work(id)
  }
  app.get(
    '/:id/comments',
    route({
      summary: 'The discussion of a document',
      tags: [TAGS[model]],
      responses: { 200: { description: 'Comments, oldest first', schema: rowsOf(CommentAnswerSchema) } },
    }),
    (c) => withId(c, async (id) => respond(c, await listComments(deps, actor(c), model, id))),
  )
  app.post(
    '/:id/comments',
    route({
      summary: 'Add a comment to a document',
      tags: [TAGS[model]],
      body: CommentInputSchema,
      responses: { 201: { description: 'Added', schema: Created } },
    }),
    (c) =>
      withId(c, async (id) =>
        respond(c, await addComment(deps, actor(c), model, id, await readBody(c)), 201),
      ),
  )
}

/**
 * Comments and attachments of a need or an order, under /{id}/comments and /{id}/attachments
 * (`comments: false`: the files only, as a supplier contract has).
 * Registered before the routers' catch-all `/{id}/{action}`.
 */
export const addDocumentRoutes = (
  app: Hono<AppEnv>,
  deps: AppDeps,
  model: DocumentModel,
  { comments = true }: { comments?: boolean } = {},
) => {
  const withIds = (c: Context<AppEnv>, work: (id: number, attachmentId: number) => Promise<Response>) => {
    const id = idParam(c)
    const hasAttachment = c.req.param('attachment') !== undefined
    const attachmentId = hasAttachment ? idParam(c, 'attachment') : 0
    return id === null || attachmentId === null ? refuse(c, { code: 'NOT_FOUND' }) : work(id, attachmentId)
  }
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))

  if (comments) addCommentRoutes(app, deps, model)
  app.get(
    '/:id/attachments',
    route({
      summary: 'The files of a document (view: all, buyer or own)',
      tags: [TAGS[model]],
      query: z.object({ view: z.enum(['all', 'buyer', 'own']).optional() }),
      responses: { 200: { description: 'Files', schema: rowsOf(AttachmentAnswerSchema) } },
    }),
    (c) =>
      withIds(c, async (id) =>
        respond(c, await listAttachments(deps, actor(c), model, id, c.req.query('view'))),
      ),
  )
  app.post(
    '/:id/attachments',
    route({
      summary: 'Attach a file to a document (multipart: file, recipient_id)',
      tags: [TAGS[model]],
      body: 'multipart',
      responses: { 201: { description: 'Attached', schema: Created } },
    }),
    (c) =>
      withIds(c, async (id) => {
        const form = await formOf(c)
        const upload = {
          file: await uploadedFile(form, 'file'),
          recipient_id: formText(form, 'recipient_id'),
        }
        return respond(c, await addAttachment(deps, actor(c), model, id, upload, c.get('language')), 201)
      }),
  )
  app.get(
    '/:id/attachments/:attachment',
    route({
      summary: 'Download a file of a document',
      tags: [TAGS[model]],
      responses: { 200: binary('application/octet-stream', 'The file, with its name') },
    }),
    (c) =>
      withIds(c, async (id, attachmentId) => {
        const file = await readAttachment(deps, actor(c), model, id, attachmentId)
        return file.ok ? download(c, file.value.name, file.value.bytes) : refuse(c, file.error)
      }),
  )
  app.delete(
    '/:id/attachments/:attachment',
    route({
      summary: 'Remove a file (by who added it)',
      tags: [TAGS[model]],
      responses: { 200: { description: 'Removed', schema: Ok } },
    }),
    (c) =>
      withIds(c, async (id, attachmentId) =>
        respond(c, await removeAttachment(deps, actor(c), model, id, attachmentId)),
      ),
  )
}
