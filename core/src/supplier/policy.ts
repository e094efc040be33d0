import { type Decisions, decideEach, firstRefusal, unless } from '../policy/decisions'
import { type OrderActor, seesInternals } from '../purchase-order/access'
import { checkCanManageSuppliers } from './supplier'

/**
 * What a person may do to a supplier's record: change it (its tabs: contacts, contracts, figures,
 * files), approve it, force its status, and add a file to it (its own contact may too).
 */
export const SUPPLIER_POLICY_ACTIONS = ['edit', 'approve', 'force_status', 'add_file'] as const
export type SupplierPolicyAction = (typeof SUPPLIER_POLICY_ACTIONS)[number]

/** Who approves suppliers: the roles named for it (none named: whoever manages suppliers), and the reader's role. */
export type SupplierApprovers = { roles: readonly { id: number; label: string }[]; role_id: number | null }

/**
 * A supplier's actions policy: who manages suppliers (buyers, administrators) changes its record
 * and forces its status; approving it needs that too, and, when roles are named to approve
 * suppliers, one of them (SUPPLIER_APPROVER_ROLE names them). A supplier's own contact changes
 * but add its files here (its company's documents). What still stops an approval (a
 * missing document, an expired one) is core's approvalIssues, answered with every item at once.
 */
export const allowedSupplierActions = (
  actor: OrderActor,
  supplier: { id: number },
  approvers: SupplierApprovers,
): Decisions<SupplierPolicyAction> => {
  const manages = checkCanManageSuppliers(actor).ok
  return decideEach(SUPPLIER_POLICY_ACTIONS, (action) =>
    action === 'add_file'
      ? unless(manages || (!seesInternals(actor) && (actor.supplier_ids ?? []).includes(supplier.id)))
      : action === 'approve'
        ? firstRefusal(
            unless(manages),
            approvers.roles.length === 0 || approvers.roles.some((r) => r.id === approvers.role_id)
              ? undefined
              : {
                  code: 'SUPPLIER_APPROVER_ROLE',
                  params: { roles: approvers.roles.map((r) => r.label).join(', ') },
                },
          )
        : unless(manages),
  )
}
