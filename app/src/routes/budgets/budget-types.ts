/** What the budget screens read from the API. */
import type { OVERRUN_ACTIONS } from '@procura/core/budget'

export type Budget = {
  id: number
  key: string
  label: string | null
  fiscal_period_id: number
  fiscal_period: string | null
  company_id: number | null
  department_id: number | null
  allocation1: string | null
  allocation2: string | null
  allocation3: string | null
  allocation4: string | null
  amount: string
  reserved: string
  committed: string
  actual: string
  available: string
  overrun: boolean
  overrun_action: (typeof OVERRUN_ACTIONS)[number]
  tag: string | null
  owner_id: number | null
  owner: string | null
  currency_code: string
  documents?: { model: string; id: number; code: string; kind: string; amount: string; page: string }[]
}

export type FormData_ = {
  fiscal_periods: { id: number; label: string }[]
  companies: { id: number; label: string }[]
  departments: { id: number; label: string }[]
  allocations: { id: number; level: number; code: string; label: string }[]
}
