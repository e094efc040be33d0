export { QuantitySchema, StockInfoSchema, StockInSchema, TransferSchema } from './inputs'
export { fromStockUnits, STOCK_DECIMALS, toStockUnits } from './quantity'
export {
  checkAdjustmentQuantity,
  checkCanChangeInternalFlag,
  checkCanEnterStock,
  checkCanLeaveStock,
  checkMoveStocks,
  checkReservation,
  checkStockOut,
  type StockArticle,
} from './rules'
