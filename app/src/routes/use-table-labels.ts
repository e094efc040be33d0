import type { DataTableLabels } from '@procura/ui-kit/data-table'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

/** The data table's texts in the interface language. */
export const useTableLabels = (): DataTableLabels => {
  const { t } = useTranslation()
  return useMemo(
    () => ({
      search: t('table.search'),
      actions: t('table.actions'),
      selectAll: t('table.selectAll'),
      selectRow: (row) => t('table.selectRow', { row }),
      page: (page, pages, total, exact) =>
        exact ? t('table.page', { page, pages, count: total }) : t('table.pageMore', { page, count: total }),
      perPage: t('table.perPage'),
      previous: t('table.previous'),
      next: t('table.next'),
      noRows: t('table.noRows'),
      bulkAction: t('table.bulkAction'),
      apply: t('table.apply'),
      any: t('table.any'),
      removeFilter: (filter, value) => t('table.removeFilter', { filter, value }),
      clearFilters: t('table.clearFilters'),
      noMatch: t('table.noMatch'),
      loading: t('table.loading'),
      filters: (chosen) => (chosen > 0 ? t('table.filtersChosen', { count: chosen }) : t('table.filters')),
    }),
    [t],
  )
}
