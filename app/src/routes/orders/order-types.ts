import type { CustomFieldDefinition } from '@procura/core/custom-field'
import { type OrderAnswer, OrderAnswerSchema, type OrderLineAnswer } from '@procura/core/purchase-order'
import { z } from 'zod'
/** A line and an order as the order's page reads them: core's answer schemas (checked by the API's tests). */
export type OrderLine = OrderLineAnswer
export type Order = OrderAnswer
/** GET /bwapi/purchase-orders/{id}. */
export const OrderAnswerPage = z.object({ data: OrderAnswerSchema })
export type CircuitStep = NonNullable<Order['circuit']>['steps'][number]

export type OrderFormData = {
  companies: { id: number; code: string; label: string; currency_code: string }[]
  departments: { id: number; code: string; label: string; company_id: number }[]
  currencies: { code: string; label: string; symbol: string }[]
  suppliers: {
    id: number
    code: string
    company_name: string
    currency_code: string
    /** Under its objectives (delivery, quality, safety or rating): the buyer is warned. */
    flagged?: boolean
    contacts: { id: number; name: string; email: string | null; main_order_contact: boolean }[]
  }[]
  /** The active purchase types (admin list purchase-types), in their order. */
  purchase_types: { code: string; label: string }[]
  /** The orders' active custom fields, in their order. */
  custom_fields: CustomFieldDefinition[]
}

export type DeliveryAddress = {
  type: 'address_book' | 'project' | 'other'
  public: boolean
  address: string
  shipping_date: string | null
  deadline: string | null
}
