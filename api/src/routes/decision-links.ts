import {
  EmailDecisionAnswerSchema,
  EmailDecisionDoneAnswerSchema,
  EmailDecisionInputSchema,
} from '@procura/core/circuit'
import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { linkBaseOf } from '../http/link-base'
import { route } from '../http/openapi'
import { respond } from '../http/respond'
import { decideByLink, readDecisionLink } from '../services/decision-links/decision-links'
import { readBody } from './auth'

/**
 * GET and POST /bwapi/decision-links/{token}: the "Validate" and "Refuse" links of validation
 * request mails (docs/domain/validation-circuit.md). Public: the signed, single-use link is the
 * reader's credential for this one decision. Reading changes nothing; only the POST decides.
 */
export const decisionLinksRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  app.get(
    '/:token',
    route({
      summary: 'What a validation mail’s link decides, on the document as it stands',
      description:
        'Changes nothing (mail scanners follow links). A genuine link answers the key figures and, when it can no longer decide (used, expired, the step decided, the document changed or cancelled), the problem in the reader’s language; a forged or altered one answers 404 DECISION_LINK_INVALID and is traced.',
      tags: ['Validation circuits'],
      public: true,
      responses: { 200: { description: 'The link and its document', schema: EmailDecisionAnswerSchema } },
    }),
    async (c) => respond(c, await readDecisionLink(deps, c.req.param('token'))),
  )
  app.post(
    '/:token',
    route({
      summary: 'Decide with a validation mail’s link (validate, or refuse with a reason)',
      description:
        'Decides as the link’s person through the document’s own action: its policy, delegations, ceilings and budgets apply as in the app (a budget warning answers 409 BUDGET_OVERRUN_WARNING: send confirm: true). Once only: a reused link answers 409 DECISION_LINK_USED and is traced. A refusal changes nothing and leaves the link usable.',
      tags: ['Validation circuits'],
      public: true,
      body: EmailDecisionInputSchema,
      responses: { 200: { description: 'Decided', schema: EmailDecisionDoneAnswerSchema } },
    }),
    async (c) =>
      respond(
        c,
        await decideByLink(
          { ...deps, linkBase: linkBaseOf(c, deps.basePath) },
          c.req.param('token'),
          await readBody(c),
        ),
      ),
  )
  return app
}
