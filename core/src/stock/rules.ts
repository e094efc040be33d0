import type { DomainError } from '../errors/domain-error'
import { type DecimalInput, dec } from '../money/decimal'
import { err, ok, type Result } from '../result'

type Check = Result<void, DomainError>
const pass: Check = ok(undefined)

/** A stock adjustment sets a quantity of 0 or more (spec §5 "Stock"). */
export const checkAdjustmentQuantity = (quantity: DecimalInput): Check =>
  dec(quantity).gte(0) ? pass : err({ code: 'STOCK_ADJUSTMENT_NEGATIVE' })

/** A move goes from one stock to another, never to itself. */
export const checkMoveStocks = (fromStockId: string | number, toStockId: string | number): Check =>
  String(fromStockId) === String(toStockId) ? err({ code: 'STOCK_MOVE_SAME_STOCK' }) : pass

/** Taking `requested` units out of `available`: refused with the units missing. Stock never goes negative. */
export const checkStockOut = (available: DecimalInput, requested: DecimalInput): Check => {
  const exceeded = dec(requested).minus(available)
  return exceeded.gt(0) ? err({ code: 'STOCK_EXCEEDED', params: { exceeded: exceeded.toString() } }) : pass
}

export type StockArticle = {
  active: boolean
  internal: boolean
  /** Units in stock, all warehouses together. */
  stock_quantity: DecimalInput
  affiliated_count: number
}

/** Only active articles may be added to stock. */
export const checkCanEnterStock = (article: Pick<StockArticle, 'active'>): Check =>
  article.active ? pass : err({ code: 'ARTICLE_NOT_ACTIVE' })

/** Only internal articles may leave stock. */
export const checkCanLeaveStock = (article: Pick<StockArticle, 'internal'>): Check =>
  article.internal ? pass : err({ code: 'ARTICLE_NOT_INTERNAL' })

/** The internal flag changes only while the stock is empty and no article is affiliated. */
export const checkCanChangeInternalFlag = (
  article: Pick<StockArticle, 'stock_quantity' | 'affiliated_count'>,
): Check =>
  dec(article.stock_quantity).isZero() && article.affiliated_count === 0
    ? pass
    : err({ code: 'INTERNAL_STATUS_BLOCKED' })

/** A reserved quantity (promised, not yet out) is 0 or more and never above what is on hand. */
export const checkReservation = (reserved: DecimalInput, actual: DecimalInput): Check => {
  if (dec(reserved).lt(0)) return err({ code: 'TOO_SMALL', params: { min: 0 } })
  return dec(reserved).gt(actual) ? err({ code: 'TOO_LARGE', params: { max: dec(actual).toString() } }) : pass
}
