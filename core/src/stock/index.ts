export {
  checkAdjustmentQuantity,
  checkCanChangeInternalFlag,
  checkCanEnterStock,
  checkCanLeaveStock,
  checkMoveStocks,
  checkStockOut,
  type StockArticle,
} from './rules'
