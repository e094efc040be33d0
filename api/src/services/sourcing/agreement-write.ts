/** Writing an agreement and its actions (submit, validate, refuse, close, cancel). */
import {
  type CircuitState,
  isComplete,
  planCircuit,
  refuseStep,
  startCircuit,
  validateStep,
  waitingOn,
} from '@procura/core/circuit'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import { checkDocumentCurrency } from '@procura/core/money'
import { guard } from '@procura/core/policy'
import { checkCanCreateOrder } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import {
  AGREEMENT_POLICY_ACTIONS,
  AgreementActionSchema,
  AgreementInputSchema,
  type AgreementPolicyAction,
  type AgreementStatus,
  agreementTransition,
  agreementWorth,
  type CeilingKind,
  drawLimitUnits,
  toDrawUnits,
} from '@procura/core/sourcing'
import { and, eq } from 'drizzle-orm'
import { first } from '../../db/first'
import {
  companies,
  currencies,
  frameworkAgreementLines,
  frameworkAgreements,
  suppliers,
} from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { noticesQueued, queueNotices } from '../notifications/notice-queue'
import { numberPiece } from '../numbering'
import { delegationsTo, loadChart, loadUsersByRole } from '../purchase-orders/circuit'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { type AgreementActor, type Answer, agreementDecisions, type Deps, maySee } from './agreements'

/**
 * POST /bwapi/framework-agreements: a buyer writes a draft agreement with a supplier — its lines,
 * prices and ceilings — numbered from the settings' template. The supplier must exist and the
 * currency be one the instance uses.
 */
export const createAgreement = async (
  deps: Deps,
  actor: AgreementActor,
  input: unknown,
): Answer<{ data: { id: number; code: string } }> => {
  const allowed = checkCanCreateOrder(actor)
  if (!allowed.ok) return allowed
  const parsed = parseWith(AgreementInputSchema, input)
  if (!parsed.ok) return parsed
  const value = parsed.value
  const settings = await loadSettings(deps.db)
  const supplier = await deps.db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.id, value.supplier_id))
    .then(first)
  if (supplier === undefined) return err(formError({ supplier_id: [{ code: 'NOT_IN_LIST' }] }))
  const currency = checkDocumentCurrency(value.currency_code, {
    currencies: await deps.db
      .select({ code: currencies.code, is_default: currencies.is_default })
      .from(currencies),
    multiCurrency: settings.modules.multi_currency,
  })
  if (!currency.ok) return currency
  const now = deps.clock.now()
  return writeOrRefuse(deps.db, async (tx) => {
    const numbered = await numberPiece(tx, 'framework_agreement', settings.formats.agreement_number, now, {
      company_id: value.company_id,
      department_id: null,
    })
    if (!numbered.ok) return numbered
    const { lines, ...fields } = value
    const [row] = await tx
      .insert(frameworkAgreements)
      .values({
        ...fields,
        code: numbered.value.code,
        status: 'draft',
        buyer_id: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: frameworkAgreements.id })
    if (row === undefined) throw new Error('Insert returned no agreement')
    await tx.insert(frameworkAgreementLines).values(
      lines.map((line, i) => ({
        ...line,
        agreement_id: row.id,
        position: i + 1,
        ceiling_units: toDrawUnits(line.ceiling_kind, line.ceiling),
        limit_units: toDrawUnits(line.ceiling_kind, line.ceiling),
      })),
    )
    await writeTrace(tx, deps.clock, {
      action: 'create',
      message: `Agreement ${numbered.value.code} created`,
      model: 'framework_agreement',
      model_id: row.id,
      user_id: actor.id,
    })
    return ok({ data: { id: row.id, code: numbered.value.code } })
  })
}

/**
 * POST /bwapi/framework-agreements/{id}/{action}: submit, validate, refuse (with a reason), close,
 * cancel. Decided by core's table on the row as read and applied only if nobody changed its status
 * since (one conditional statement). Validating fixes the over-draw allowance of the settings on
 * each line's limit.
 */
export const applyAgreementAction = async (
  deps: Deps,
  actor: AgreementActor,
  id: number,
  action: string,
  input: unknown,
): Answer<{ data: { id: number; status: AgreementStatus } }> => {
  const row = await deps.db
    .select()
    .from(frameworkAgreements)
    .where(eq(frameworkAgreements.id, id))
    .then(first)
  if (row === undefined || !maySee(actor)) return err({ code: 'ITEM_NOT_FOUND' })
  const status = row.status as AgreementStatus
  // The actions a person takes (the jobs' and the draws' are not routes); the table decides the rest.
  if (!(AGREEMENT_POLICY_ACTIONS as readonly string[]).includes(action)) return err({ code: 'NOT_FOUND' })
  const act = action as AgreementPolicyAction
  const deciding = act === 'validate' || act === 'refuse'
  const allowed = guard(await agreementDecisions(deps.db, actor, row, deps.clock.now()), act)
  if (!allowed.ok) return allowed
  const parsed = parseWith(AgreementActionSchema, input ?? {})
  if (!parsed.ok) return parsed
  if (act === 'refuse' && parsed.value.reason === undefined)
    return err(formError({ reason: [{ code: 'REFUSAL_REASON_REQUIRED' }] }))
  const transitioned = agreementTransition(status, act)
  if (!transitioned.ok) return transitioned
  const settings = await loadSettings(deps.db)
  const now = deps.clock.now()
  const lines = await deps.db
    .select()
    .from(frameworkAgreementLines)
    .where(eq(frameworkAgreementLines.agreement_id, id))
  const worth = agreementWorth(lines)
  // The orders' circuit, on what the agreement commits to: planned at submission, walked by the decisions.
  let circuit = (row.circuit as CircuitState | null) ?? null
  let nextStatus = transitioned.value
  if (act === 'submit') {
    const company = await deps.db
      .select({ code: companies.code })
      .from(companies)
      .where(eq(companies.id, row.company_id))
      .then(first)
    const planned = planCircuit(
      await loadChart(deps.db, 'purchase_order'),
      { amount: worth, company: company?.code ?? null, department: null, purchase_family: null },
      await loadUsersByRole(deps.db),
    )
    if (!planned.ok) return planned
    circuit = startCircuit(planned.value)
  }
  if (deciding) {
    if (circuit !== null && circuit.steps.length > 0) {
      const doc = { amount: worth, tags: [] }
      const delegations = await delegationsTo(deps.db, actor.id)
      const decided =
        act === 'validate'
          ? validateStep(circuit, { login: actor.login }, doc, delegations, now)
          : refuseStep(circuit, { login: actor.login }, doc, delegations, now, parsed.value.reason ?? '')
      if (!decided.ok) return decided
      circuit = decided.value
      // A validation with steps still to go keeps it awaiting.
      if (act === 'validate' && !isComplete(circuit)) nextStatus = status
    }
  }
  const complete = act === 'validate' && nextStatus === 'active'
  const written = await writeOrRefuse(deps.db, async (tx) => {
    const applied = await tx
      .update(frameworkAgreements)
      .set({
        status: nextStatus,
        circuit,
        updated_at: now,
        ...(complete
          ? { validated_by: actor.id, allowance_percent: String(settings.prices.agreement_overdraw_percent) }
          : {}),
        ...(act === 'refuse' ? { refusal_reason: parsed.value.reason ?? null } : {}),
        ...(act === 'submit' ? { refusal_reason: null } : {}),
      })
      .where(and(eq(frameworkAgreements.id, id), eq(frameworkAgreements.status, status)))
      .returning({ id: frameworkAgreements.id })
    if (applied.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    if (complete) {
      for (const line of lines)
        await tx
          .update(frameworkAgreementLines)
          .set({
            limit_units: drawLimitUnits(
              line.ceiling_kind as CeilingKind,
              line.ceiling,
              settings.prices.agreement_overdraw_percent,
            ),
          })
          .where(eq(frameworkAgreementLines.id, line.id))
    }
    await writeTrace(tx, deps.clock, {
      action: act,
      message: `Agreement ${row.code}: ${act}${act === 'refuse' ? ` (${parsed.value.reason})` : ''}${
        act === 'validate' && !complete ? ' (a step of its circuit; more to come)' : ''
      }`,
      model: 'framework_agreement',
      model_id: id,
      user_id: actor.id,
    })
    // The validators it now waits on are asked (mail with its decision links), once this commits.
    if ((act === 'submit' || act === 'validate') && nextStatus === 'awaiting' && circuit !== null)
      await queueNotices(tx, now, [
        {
          type: 'validators',
          document: {
            model: 'framework_agreement',
            id,
            code: row.code,
            amount: worth,
            currency_code: row.currency_code,
          },
          logins: waitingOn(circuit),
          link_base: deps.linkBase ?? '',
        },
      ])
    return ok({ data: { id, status: nextStatus } })
  })
  if (written.ok) await noticesQueued(deps)
  return written
}
