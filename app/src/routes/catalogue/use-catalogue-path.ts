import { useLocation } from 'react-router'
import { articlesStock } from './types'

/**
 * Paths in a warehouse's catalogue that keep the list's state (search, filters, sort, page) from the
 * address: a modal opened from the list and closed again returns to the same list.
 */
export const useCataloguePath = (warehouseId: string) => {
  const { search } = useLocation()
  return (child?: string) => ({
    pathname: child === undefined ? articlesStock(warehouseId) : `${articlesStock(warehouseId)}/${child}`,
    search,
  })
}
