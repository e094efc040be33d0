import { waitingOn } from '@procura/core/circuit'
import { allowedNeedActions, type NeedPolicyAction, type NeedStatus } from '@procura/core/need'
import type { Decisions } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import type { NeedProcessingStatus } from '@procura/core/status'
import type { DbOrTx } from '../../db'
import { loadSettings } from '../settings'
import { accessOf, circuitOf, type NeedPolicyRow } from './needs'

/**
 * The request's actions policy for one person, with what it reads besides the request: whom its
 * circuit waits on (requests are not delegated) and whether an administrator may pass a step.
 */
export const needDecisions = async (
  db: DbOrTx,
  actor: OrderActor,
  row: NeedPolicyRow,
): Promise<Decisions<NeedPolicyAction>> => needDecisionsWith(actor, row, (await loadSettings(db)).misc)

/** The same with the settings already read (a list decides each of its rows with one read). */
export const needDecisionsWith = (
  actor: OrderActor,
  row: NeedPolicyRow,
  misc: { validator_skip_enabled: boolean },
): Decisions<NeedPolicyAction> => {
  const circuit = circuitOf(row)
  return allowedNeedActions(
    actor,
    {
      ...accessOf(row),
      status: row.status as NeedStatus,
      processing: row.processing as NeedProcessingStatus,
    },
    {
      turn: { waitingOn: circuit === null ? [] : waitingOn(circuit), delegate: false },
      skipEnabled: misc.validator_skip_enabled,
    },
  )
}
