/** The inputs of auth requests the API reads, checked here so that the app checks them before it sends. */
import { z } from 'zod'

export const ForgotSchema = z.object({ login: z.string().trim().min(1).max(150) })

export const ResetSchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(1).max(1024),
  password_confirmation: z.string().min(1).max(1024),
})

/** What a token may do: hand e-invoices in, read and acknowledge the lifecycle statuses. */
export const API_SCOPES = ['e_invoices:write', 'statuses:read'] as const

export const ApiTokenInputSchema = z.object({
  label: z.string().trim().min(1).max(100),
  scopes: z.array(z.enum(API_SCOPES)).min(1, 'SELECT_AT_LEAST_ONE'),
})
