import type { ModuleName } from '@procura/core/settings'
import { FIRST_PAGE_ANSWERS } from '../session/first-page-answers'
import { useAnswer } from './use-api'

/**
 * The instance's optional modules (init-infos): screens show what a module brings only while it
 * is on (core/settings MODULE_EFFECTS). Until the answer arrives every module reads as off.
 */
export const useModules = (): Readonly<Record<ModuleName, boolean>> => {
  const infos = useAnswer('/bwapi/init-infos', FIRST_PAGE_ANSWERS.initInfos)
  const modules = infos.data?.modules ?? {}
  return {
    multi_company: modules.multi_company === true,
    multi_currency: modules.multi_currency === true,
    advanced_suppliers: modules.advanced_suppliers === true,
    single_sign_on: modules.single_sign_on === true,
    database_mirroring: modules.database_mirroring === true,
  }
}
