import { type DomainError, translate } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import type { Result } from '@procura/core/result'

export type BulkOutcome = {
  done: number[]
  failed: { id: number; code: string; message: string }[]
}

/**
 * Applies one action to several documents, each on its own (one transaction per document, as
 * when done one by one): the ones refused are reported with the reason, the others are done.
 */
export const runBulk = async (
  ids: readonly number[],
  apply: (id: number) => Promise<Result<unknown, DomainError>>,
  language: Language,
): Promise<BulkOutcome> => {
  const outcome: BulkOutcome = { done: [], failed: [] }
  for (const id of new Set(ids)) {
    const result = await apply(id)
    if (result.ok) outcome.done.push(id)
    else
      outcome.failed.push({
        id,
        code: result.error.code,
        message: translate(result.error.code, result.error.params, language),
      })
  }
  return outcome
}
