/**
 * Who manages a sourcing document (an RFQ, a framework agreement): a buyer, on their own, or on
 * anyone's when they see others' orders.
 */
export const managesAsBuyer = (
  actor: { id: number; buyer?: boolean; can_view_other_po?: boolean },
  document: { buyer_id: number },
): boolean => actor.buyer === true && (document.buyer_id === actor.id || actor.can_view_other_po === true)
