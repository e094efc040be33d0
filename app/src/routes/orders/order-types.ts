import {
  type OrderAnswer,
  OrderAnswerSchema,
  type OrderFormDataAnswer,
  type OrderLineAnswer,
} from '@procura/core/purchase-order'
import { z } from 'zod'
/** A line and an order as the order's page reads them: core's answer schemas (checked by the API's tests). */
export type OrderLine = OrderLineAnswer
export type Order = OrderAnswer
/** GET /bwapi/purchase-orders/{id}. */
export const OrderAnswerPage = z.object({ data: OrderAnswerSchema })
export type CircuitStep = NonNullable<Order['circuit']>['steps'][number]

export type OrderFormData = OrderFormDataAnswer

export type DeliveryAddress = {
  type: 'address_book' | 'project' | 'other'
  public: boolean
  address: string
  shipping_date: string | null
  deadline: string | null
}
