import { rowsOf } from '@procura/core/answer'
import { BankAccountInputSchema } from '@procura/core/payment'
import { BankAccountAnswerSchema, BankAccountSavedAnswerSchema } from '@procura/core/supplier'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { dataOf } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'
import {
  deleteBankAccount,
  listBankAccounts,
  type Owner,
  saveBankAccount,
  validateBankAccount,
} from '../services/payments/bank-accounts'
import { readBody } from './auth'

const Saved = BankAccountSavedAnswerSchema

/**
 * /bwapi/suppliers/{id}/bank-accounts and /bwapi/companies/{id}/bank-accounts: the accounts paid
 * and debited; a supplier's new or changed IBAN waits for a second person's validation.
 */
export const bankAccountsRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  for (const kind of ['supplier', 'company', 'user'] as const) {
    const base = `/${kind === 'company' ? 'companies' : `${kind}s`}/:id/bank-accounts`
    const tags = [kind === 'supplier' ? 'Suppliers' : kind === 'user' ? 'Expenses' : 'Organisation']
    const withOwner = (c: Context<AppEnv>, work: (owner: Owner, accountId: number) => Promise<Response>) => {
      const id = idParam(c)
      const accountId = c.req.param('account') === undefined ? 0 : idParam(c, 'account')
      return id === null || accountId === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : work({ kind, id }, accountId)
    }
    app.get(
      base,
      route({
        summary: `The bank accounts of a ${kind}`,
        tags,
        responses: {
          200: { description: 'Accounts, the main one first', schema: rowsOf(BankAccountAnswerSchema) },
        },
      }),
      (c) => withOwner(c, async (owner) => respond(c, await listBankAccounts(deps, actor(c), owner))),
    )
    app.post(
      base,
      route({
        summary: `Add a bank account to a ${kind}${kind === 'company' ? '' : ' (it waits for a second person’s validation)'}`,
        tags,
        body: BankAccountInputSchema,
        responses: { 201: { description: 'Added with its status', schema: Saved } },
      }),
      (c) =>
        withOwner(c, async (owner) =>
          respond(c, await saveBankAccount(deps, actor(c), owner, null, await readBody(c)), 201),
        ),
    )
    app.put(
      `${base}/:account`,
      route({
        summary: 'Change a bank account (a supplier’s changed number or BIC waits for validation again)',
        tags,
        body: BankAccountInputSchema,
        responses: { 200: { description: 'Saved with its status', schema: Saved } },
      }),
      (c) =>
        withOwner(c, async (owner, accountId) =>
          respond(c, await saveBankAccount(deps, actor(c), owner, accountId, await readBody(c))),
        ),
    )
    app.post(
      `${base}/:account/validate`,
      route({
        summary: 'Validate (or refuse) a new or changed account: someone else than who entered it',
        tags,
        body: z.object({ refuse: z.boolean().optional() }),
        responses: { 200: { description: 'The new status', schema: Saved } },
      }),
      (c) =>
        withOwner(c, async (owner, accountId) => {
          const body = (await readBody(c)) as { refuse?: unknown }
          return respond(c, await validateBankAccount(deps, actor(c), owner, accountId, body.refuse === true))
        }),
    )
    app.delete(
      `${base}/:account`,
      route({
        summary: 'Remove a bank account',
        tags,
        responses: { 200: { description: 'Removed', schema: dataOf(z.object({ id: z.number().int() })) } },
      }),
      (c) =>
        withOwner(c, async (owner, accountId) =>
          respond(c, await deleteBankAccount(deps, actor(c), owner, accountId)),
        ),
    )
  }
  return app
}
