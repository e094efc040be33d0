import { z } from 'zod'
import { codeSchema } from './organisation.schema'

/**
 * The reference lists that are a code and a label (spec §3 "Fiscal period, company, department,
 * country, incoterm, unit, warehouse, request type, purchase type, send mode", the regions of §2
 * and the tags of §3): one table, one admin screen each. Documents keep the code they were saved
 * with, so a disabled code stays readable on them. The send mode is not one: it is the closed set
 * the order's transitions perform (manual, automatic, considered).
 */
export const CODE_LISTS = [
  'region',
  'request_type',
  'country',
  'incoterm',
  'unit',
  'purchase_type',
  'tag',
] as const
export type CodeList = (typeof CODE_LISTS)[number]
export const isCodeList = (value: string): value is CodeList =>
  (CODE_LISTS as readonly string[]).includes(value)

/** Spec §8: tag levels and positions. */
export const TAG_LEVELS = ['disabled', 'highlighted', 'standard'] as const
export const TAG_POSITIONS = ['top', 'pop-in right'] as const

/** What a code must look like where a standard names it (ISO 3166-1 alpha-2, Incoterms 2020's three letters). */
const CODE_SHAPES: Partial<Record<CodeList, RegExp>> = {
  country: /^[A-Z]{2}$/,
  incoterm: /^[A-Z]{3}$/,
}

const base = {
  label: z.string().trim().min(1).max(150),
  /** The order the forms offer the codes in (then by label). */
  position: z.number().int().min(0).max(9999).default(0),
  active: z.boolean().default(true),
}

const codeOf = (list: CodeList) => {
  const shape = CODE_SHAPES[list]
  return shape === undefined ? codeSchema : codeSchema.regex(shape, 'INVALID_VALUE')
}

/** The input of one list's row (POST /bwapi/{list}, PUT /{id}, and its import's lines). */
export const codeListSchema = (list: CodeList) =>
  list === 'tag'
    ? z.object({
        code: codeOf(list),
        ...base,
        level: z.enum(TAG_LEVELS).default('standard'),
        placement: z.enum(TAG_POSITIONS).default('top'),
      })
    : z.object({ code: codeOf(list), ...base })

/** The list's path (spec §2 style, plural and dashed): "request_type" → "request-types", "country" → "countries". */
export const codeListPath = (list: CodeList) => `${list.replace(/_/g, '-').replace(/y$/, 'ie')}s`
