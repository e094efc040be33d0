import { z } from 'zod'
import { DecimalString } from '../list/answers'
import { MODULES } from '../settings/settings.schema'

/**
 * What the shell reads before anything else — the instance's data, the menu, the header, what waits
 * on the reader — as the API declares it and the app types it (the first page names these schemas
 * by a loader: zod stays out of it).
 */

const Position = z.enum(['before', 'after'])

/** GET /bwapi/init-infos (public): currencies, active languages with their formats, modules. */
export const InitInfosAnswerSchema = z.looseObject({
  language: z.string(),
  app: z.looseObject({
    name: z.string(),
    title: z.string(),
    base_path: z.string(),
    ws_port: z.number().int().int(),
  }),
  currencies: z.array(
    z.looseObject({
      code: z.string(),
      label: z.string(),
      symbol: z.string(),
      rate: DecimalString,
      position: Position,
      is_default: z.boolean(),
    }),
  ),
  languages: z.array(
    z.looseObject({
      code: z.string(),
      label: z.string(),
      currency_position: Position,
      date_format: z.string(),
      hour_format: z.string(),
    }),
  ),
  formats: z.looseObject({ decimals: z.number().int().int(), time_zone: z.string().optional() }),
  modules: z.partialRecord(z.enum(MODULES), z.boolean()),
})
export type InitInfosAnswer = z.infer<typeof InitInfosAnswerSchema>

export type MenuItemAnswer = { text: string; icon: string; link: string; subtree?: MenuItemAnswer[] }
const MenuItem: z.ZodType<MenuItemAnswer> = z.lazy(() =>
  z.object({ text: z.string(), icon: z.string(), link: z.string(), subtree: z.array(MenuItem).optional() }),
)

/** GET /bwapi/main-menu: the reader's left menu. */
export const MainMenuAnswerSchema = z.object({ items: z.array(MenuItem), logo: z.string().nullable() })

/** GET /bwapi/header-infos: the environment badge and the server's messages. */
export const HeaderInfosAnswerSchema = z.object({
  env: z.object({ type: z.string(), text: z.string() }).nullable(),
  messages: z.array(z.looseObject({ type: z.string(), body: z.string() })),
})
export type HeaderInfosAnswer = z.infer<typeof HeaderInfosAnswerSchema>

/** GET /bwapi/actions-to-do: what waits on the reader, with counters. */
export const ActionsToDoAnswerSchema = z.looseObject({
  user: z.object({ label: z.string(), link: z.string() }),
  count: z.number().int().int(),
  actions: z.array(
    z.looseObject({
      label: z.string(),
      link: z.string(),
      variant: z.string().optional(),
      count: z.number().int().int(),
    }),
  ),
})
export type ActionsToDoAnswer = z.infer<typeof ActionsToDoAnswerSchema>

/** GET /bwapi/notifications/count: the header's bell. */
export const UnreadCountAnswerSchema = z.object({ data: z.object({ unread: z.number().int().int() }) })

/** An HTML modal's address: its title, body (sanitised by the app) and size. */
export const HtmlModalAnswerSchema = z.object({ title: z.string(), body: z.string(), size: z.string() })

/** GET /bwapi/config: the administrators' configuration page. */
export const ConfigurationPageAnswerSchema = z.looseObject({
  title: z.string(),
  items: z.array(z.looseObject({ code: z.string(), label: z.string(), link: z.string() })),
})

/** GET /bwapi/users/login-infos (public): what the sign-in page offers. */
export const LoginInfosAnswerSchema = z.looseObject({
  app_name: z.string(),
  classic_login: z.boolean(),
  sso: z.object({ enabled: z.boolean(), url: z.string().nullable() }),
  password_reset: z.boolean(),
  /** No user exists yet: the page offers the first-run setup instead (GET /bwapi/setup). */
  setup_needed: z.boolean(),
})
