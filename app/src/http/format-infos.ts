import type { InitInfosAnswer } from '@procura/core/shell'

/**
 * What GET /bwapi/init-infos tells the formatter: currencies, languages, formats and (without the
 * multi-currency module, amounts show in their own currency only) modules.
 */
export type FormatInfos = Pick<InitInfosAnswer, 'currencies' | 'languages' | 'formats'> & {
  modules?: InitInfosAnswer['modules']
}
