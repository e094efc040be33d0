import { ReferenceRowAnswerSchema, rowsOf } from '@procura/core/answer'
import { ImportAnswerSchema } from '@procura/core/import'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { csvFile } from '../http/csv-file'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { Created, dataOf, Ok } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { csvUpload } from '../http/upload'
import { orderActorOf } from '../services/auth/session'
import {
  exportReferenceFile,
  importReferenceFile,
  type ReferenceFile,
} from '../services/imports/reference-files'
import {
  deleteReference,
  listReferences,
  type ReferenceTable,
  saveReference,
  setReferenceActive,
} from '../services/reference-table'
import { readBody } from './auth'

/**
 * The routes of one reference table (services/reference-table): GET / (every row, by label;
 * `?active=1` what forms offer), POST / (create), PUT /{id} (edit), DELETE /{id} (refused while
 * used), and where rows are disabled POST /{id}/disable and /{id}/enable.
 */
export const referenceRoutes = <S extends z.ZodType>(
  deps: AppDeps,
  spec: ReferenceTable<S>,
  tag: string,
  /** The list as a file too: POST /import (all or nothing, ?dry_run=1) and GET /file. */
  file?: ReferenceFile,
) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Parameters<typeof sessionOf>[0]) => orderActorOf(sessionOf(c))
  const generic = spec as unknown as ReferenceTable<z.ZodType>
  app.get(
    '/',
    route({
      summary: `${tag}: every row, by label`,
      tags: [tag],
      responses: {
        200: { description: 'Rows', schema: rowsOf(spec.answer ?? ReferenceRowAnswerSchema) },
      },
    }),
    async (c) =>
      c.json({ data: await listReferences(deps.db, generic, c.req.query('active') === '1', c.req.query()) }),
  )
  if (file !== undefined) {
    app.post(
      '/import',
      route({
        summary: `${tag}: import a CSV file (the columns of GET /file); a known code updates its row; all or nothing; ?dry_run=1 checks only`,
        tags: [tag],
        body: 'multipart',
        responses: { 200: { description: 'Summary and errors per line', schema: ImportAnswerSchema } },
      }),
      async (c) => {
        return respond(
          c,
          await importReferenceFile(deps, file, actor(c), csvUpload(c), c.get('language'), {
            dryRun: c.req.query('dry_run') === '1',
          }),
        )
      },
    )
    app.get(
      '/file',
      route({
        summary: `${tag}: every row as the import reads it (CSV, semicolons)`,
        tags: [tag],
        responses: { 200: { description: `${file.kind}.csv`, schema: z.string() } },
      }),
      async (c) => {
        if (!spec.may(actor(c))) return refuse(c, { code: 'FORBIDDEN' })
        return csvFile(c, exportReferenceFile(deps.db, file), `${file.kind}.csv`)
      },
    )
  }
  if (spec.active !== undefined)
    for (const action of ['disable', 'enable'] as const)
      app.post(
        `/:id/${action}`,
        route({
          summary: `${tag}: ${action === 'disable' ? 'no longer offered in forms (kept on documents)' : 'offered again'}`,
          tags: [tag],
          responses: {
            200: {
              description: 'Done',
              schema: dataOf(z.object({ id: z.number().int(), active: z.boolean() })),
            },
          },
        }),
        async (c) => {
          const id = idParam(c)
          return id === null
            ? refuse(c, { code: 'NOT_FOUND' })
            : respond(c, await setReferenceActive(deps, actor(c), generic, id, action === 'enable'))
        },
      )
  app.post(
    '/',
    route({
      summary: `${tag}: create`,
      tags: [tag],
      body: spec.schema,
      responses: { 201: { description: 'Created', schema: Created } },
    }),
    async (c) => respond(c, await saveReference(deps, actor(c), spec, null, await readBody(c)), 201),
  )
  app.put(
    '/:id',
    route({
      summary: `${tag}: edit`,
      tags: [tag],
      body: spec.schema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await saveReference(deps, actor(c), spec, id, await readBody(c)))
    },
  )
  app.delete(
    '/:id',
    route({
      summary: `${tag}: delete (refused while used)`,
      tags: [tag],
      responses: { 200: { description: 'Deleted', schema: Ok } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await deleteReference(deps, actor(c), generic, id))
    },
  )
  return app
}
