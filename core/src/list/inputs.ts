/** The inputs of list requests the API reads, checked here so that the app checks them before it sends. */
import { z } from 'zod'

export const LayoutInput = z.object({ columns: z.array(z.string().max(60)).max(50) })
