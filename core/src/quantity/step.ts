import type { DomainError } from '../errors/domain-error'
import { type DecimalInput, dec } from '../money/decimal'
import { err, ok, type Result } from '../result'

/**
 * A quantity must be a whole multiple of the article's quantity_step, exactly in decimals:
 * 0.3 is a multiple of 0.1 (it is not in floating point). A step of 0 or less means no step.
 */
export const checkQuantityStep = (
  quantity: DecimalInput,
  step: DecimalInput | null | undefined,
): Result<void, DomainError> => {
  if (step === null || step === undefined) return ok(undefined)
  const s = dec(step)
  if (s.lte(0)) return ok(undefined)
  return dec(quantity).mod(s).isZero()
    ? ok(undefined)
    : err({ code: 'QUANTITY_STEP', params: { step: s.toString() } })
}

/** The nearest multiples of the step around a quantity, to suggest a correction. */
export const surroundingSteps = (
  quantity: DecimalInput,
  step: DecimalInput,
): { below: string; above: string } => {
  const s = dec(step)
  const below = dec(quantity).div(s).floor().times(s)
  const above = dec(quantity).div(s).ceil().times(s)
  return { below: below.toString(), above: above.toString() }
}
