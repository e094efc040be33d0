import { type DomainError, formError, parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { indexOf } from '@procura/core/list'
import {
  NEED_ACTION_LABELS,
  NEED_LIST,
  NEED_STATUSES,
  type NeedAction,
  needBulkActionsFor,
} from '@procura/core/need'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import {
  GENERIC_STATUS_LABELS,
  NEED_PROCESSING_STATUS_LABELS,
  NEED_PROCESSING_STATUSES,
  statusLabel,
} from '@procura/core/status'
import { BulkActionSchema } from '@procura/core/user'
import type { Db } from '../../db'
import { type BulkOutcome, runBulk } from '../bulk'
import { customFilterOptions, customListColumns, fieldsOf, withCustomColumns } from '../custom-fields'
import type { OrderDeps } from '../purchase-orders/orders'
import { applyNeedAction } from './need-actions'
import { getNeed } from './need-read'
import { mergeNeeds } from './need-write'

const t = (en: string, es: string, fr: string) => ({ en, es, fr })
const TITLE = t('Requests', 'Solicitudes', 'Demandes')

/** What a list applies to several requests; merge joins the selected drafts into the first one. */
export const NEED_BULK_ACTIONS = [
  'submit',
  'approve',
  'take_charge',
  'cancel',
  'merge',
] as const satisfies readonly (NeedAction | 'merge')[]
const MERGE_LABEL = t('Merge', 'Fusionar', 'Fusionner')
const bulkLabel = (action: (typeof NEED_BULK_ACTIONS)[number], language: Language) =>
  action === 'merge' ? MERGE_LABEL[language] : NEED_ACTION_LABELS[language][action]

/** GET /bwapi/needs/index: the list's index (its screen's title is "Requests"), custom fields, bulk actions. */
export const needsIndex = async (db: Db, actor: OrderActor, language: Language) => ({
  ...withCustomColumns(
    indexOf(
      NEED_LIST,
      language,
      needBulkActionsFor(actor, NEED_BULK_ACTIONS).map((action) => ({
        action,
        label: bulkLabel(action, language),
      })),
    ),
    customListColumns(await fieldsOf(db, 'need')),
  ),
  title: TITLE[language],
})

/** GET /bwapi/needs/filter-list/{field}?search= ; null when the field has no list. */
export const needFilterOptions = async (db: Db, field: string, search: string, language: Language) => {
  if (field.startsWith('cf_')) return customFilterOptions(db, 'need', field, search, language)
  const needle = search.trim().toLowerCase()
  const options =
    field === 'status'
      ? NEED_STATUSES.map((value) => ({ value, label: statusLabel(GENERIC_STATUS_LABELS, value, language) }))
      : field === 'processing'
        ? NEED_PROCESSING_STATUSES.map((value) => ({
            value,
            label: statusLabel(NEED_PROCESSING_STATUS_LABELS, value, language),
          }))
        : null
  return (
    options?.filter((o) => needle === '' || `${o.label} ${o.value}`.toLowerCase().includes(needle)) ?? null
  )
}

/** GET /bwapi/needs/{id}/contextual-menu: the actions this user may apply to this request now. */
export const needContextualMenu = async (
  deps: OrderDeps,
  actor: OrderActor,
  id: number,
  language: Language,
) => {
  const need = await getNeed(deps.db, actor, id)
  if (!need.ok) return need
  const { actions } = need.value.data as { actions: (NeedAction | 'skip')[] }
  return ok({
    actions: [...actions, 'duplicate' as const].map((action) => ({
      action,
      label: NEED_ACTION_LABELS[language][action],
    })),
  })
}

/**
 * POST /bwapi/needs/do-bulk-action {action, ids}: each request on its own, refusals reported;
 * merge is one operation over all the selected drafts (all merged or none).
 */
export const needBulkAction = async (
  deps: OrderDeps,
  actor: OrderActor,
  input: unknown,
  language: Language,
): Promise<Result<{ data: BulkOutcome }, DomainError>> => {
  const parsed = parseWith(BulkActionSchema, input)
  if (!parsed.ok) return parsed
  const { action, ids } = parsed.value
  if (!(NEED_BULK_ACTIONS as readonly string[]).includes(action))
    return err(formError({ action: [{ code: 'NOT_IN_LIST' }] }))
  if (ids.length === 0) return err({ code: 'SELECT_AT_LEAST_ONE' })
  if (action === 'merge') {
    const merged = await mergeNeeds(deps, actor, { need_ids: ids })
    return merged.ok ? ok({ data: { done: [...new Set(ids)], failed: [] } }) : merged
  }
  return ok({ data: await runBulk(ids, (id) => applyNeedAction(deps, actor, id, action), language) })
}
