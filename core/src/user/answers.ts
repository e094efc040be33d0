import { z } from 'zod'
import { PERMISSION_CODES } from './user.schema'

/**
 * The users' answers as the API declares them and the app types them: the signed-in user (read by
 * the first page through a loader, so zod stays out of it), the pickers and the user's own page.
 */

const id = z.number().int()

/** GET /bwapi/users/current: the signed-in user (and the real user while impersonating). */
export const CurrentUserAnswerSchema = z.looseObject({
  id,
  login: z.string(),
  label: z.string(),
  email: z.string(),
  language: z.string(),
  currency: z.string().nullable(),
  price_display_inctax: z.boolean(),
  role: z.string().nullable(),
  buyer: z.boolean().optional(),
  permissions: z.array(z.enum(PERMISSION_CODES)),
  logout_url: z.string(),
  real_user: z.object({ label: z.string(), get_back_url: z.string() }).nullable(),
})
export type CurrentUserAnswer = z.infer<typeof CurrentUserAnswerSchema>

/** POST /login: where to go, and who signed in. */
export const SignedInAnswerSchema = z.looseObject({ redirect: z.string(), user: CurrentUserAnswerSchema })

/** GET /bwapi/users/search: at most 20 active people, for pickers. */
export const PickedUserAnswerSchema = z.object({ id, login: z.string(), label: z.string() })
export type PickedUserAnswer = z.infer<typeof PickedUserAnswerSchema>

/** GET /bwapi/buyers: the people a request may name as its buyer. */
export const BuyerAnswerSchema = z.object({ id, label: z.string(), buyer: z.boolean() })
export type BuyerAnswer = z.infer<typeof BuyerAnswerSchema>
