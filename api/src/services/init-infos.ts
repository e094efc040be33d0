import { colourPalette } from '@procura/core/colour'
import type { Language } from '@procura/core/i18n'
import { asc } from 'drizzle-orm'
import type { Db } from '../db'
import { currencies, languages } from '../db/schema'
import { loadSettings } from './settings'

export const APP_TITLE = 'Procura - Purchasing management'

/**
 * What the web app needs before anything else: currencies, active languages with their formats,
 * the colour palette, the formats and modules of the settings, and how to reach the server.
 */
export const initInfos = async (db: Db, input: { language: Language; basePath: string; wsPort: number }) => {
  const [settings, currencyRows, languageRows] = await Promise.all([
    loadSettings(db),
    db.select().from(currencies).orderBy(asc(currencies.code)),
    db.select().from(languages).orderBy(asc(languages.code)),
  ])
  return {
    app: {
      name: settings.customer.name,
      title: APP_TITLE,
      base_path: input.basePath,
      ws_port: input.wsPort,
      environment: settings.customer.environment,
      supplier_access: settings.customer.supplier_access,
    },
    language: input.language,
    currencies: currencyRows,
    languages: languageRows.filter((l) => l.active),
    colors: colourPalette(settings.customer.main_color),
    formats: {
      decimals: settings.formats.decimals,
      decimal_delimiter: settings.formats.decimal_delimiter,
      time_zone: settings.formats.time_zone,
    },
    modules: settings.modules,
  }
}
