import { z } from 'zod'

/** Optional modules named in the settings (purchasing-domain §1). */
export const MODULES = [
  'multi_company',
  'multi_currency',
  'advanced_suppliers',
  'single_sign_on',
  'database_mirroring',
] as const
export type ModuleName = (typeof MODULES)[number]

const modulesSchema = z.object(
  Object.fromEntries(MODULES.map((name) => [name, z.boolean().default(false)])) as Record<
    ModuleName,
    z.ZodDefault<z.ZodBoolean>
  >,
)

/**
 * Customer settings, in the spec's groups. Every key has a default, so an empty object parses
 * to a complete configuration.
 */
export const SettingsSchema = z.object({
  customer: z
    .object({
      name: z.string().trim().min(1).max(100).default('Procura'),
      main_color: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/, 'INVALID_VALUE')
        .default('#1f6feb'),
      environment: z.enum(['production', 'test', 'demo', 'development']).default('production'),
      supplier_access: z.boolean().default(false),
    })
    .prefault({}),
  formats: z
    .object({
      decimals: z.number().int().min(0).max(6).default(2),
      decimal_delimiter: z.enum(['.', ',']).default('.'),
    })
    .prefault({}),
  modules: modulesSchema.prefault({}),
})
export type Settings = z.output<typeof SettingsSchema>

export const DEFAULT_SETTINGS: Settings = SettingsSchema.parse({})
