export {
  checkPieceNumberTemplate,
  PIECE_NUMBER_TOKENS,
  type PieceNumberToken,
  type PieceNumberValues,
  renderPieceNumber,
} from './piece-number'
