import { UsableAllocationsSchema } from '@procura/core/budget'
import type { LineField } from '@procura/ui-kit/lines-editor'
import { useTranslation } from 'react-i18next'
import { useAnswer } from '../http/use-api'

export const ALLOCATION_KEYS = ['allocation1', 'allocation2', 'allocation3', 'allocation4'] as const
type AllocationKey = (typeof ALLOCATION_KEYS)[number]
type Allocated = Partial<Record<AllocationKey, string | null>>

/**
 * A line's four allocation fields: the levels the organisation administers as lists of the codes
 * this user may use (GET /bwapi/allocation-codes), "—" for none, a code a line already holds still
 * offered (a disabled one, on a document being edited); the other levels as free text.
 */
export const useAllocationFields = <L extends Allocated>(
  lines: readonly L[],
  /** A level's label; by default the lines' "Allocation N" (the requests' texts). */
  labelOf?: (level: number) => string,
): LineField<L>[] => {
  const { t } = useTranslation()
  const answer = useAnswer('/bwapi/allocation-codes', UsableAllocationsSchema).data?.data
  return ALLOCATION_KEYS.map((key, i) => {
    const level = i + 1
    const field = {
      key: key as keyof L & string,
      label: labelOf === undefined ? t('needs.fields.allocation', { n: level }) : labelOf(level),
    }
    // A level the organisation does not administer is free text, as the save checks it.
    if (answer === undefined || !answer.administered.includes(level)) return field
    const offered = answer.codes.filter((c) => c.level === level)
    const held = [...new Set(lines.map((l) => l[key] ?? '').filter((v) => v !== ''))].filter(
      (v) => !offered.some((c) => c.code === v),
    )
    return {
      ...field,
      options: [
        { value: '', label: '—' },
        ...offered.map((c) => ({ value: c.code, label: `${c.code} — ${c.label}` })),
        ...held.map((code) => ({ value: code, label: code })),
      ],
    }
  })
}

/**
 * The projects (allocation level 1) a single field offers, as `useAllocationFields` does for a
 * line: the options when the organisation administers projects, else null (free text).
 */
export const useProjectOptions = (held: string): { value: string; label: string }[] | null => {
  const [field] = useAllocationFields([{ allocation1: held }], () => '')
  return field?.options === undefined ? null : [...field.options]
}
