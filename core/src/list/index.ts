export { type ListQuery, listMeta, MAX_PER_PAGE, PER_PAGE_OPTIONS, parseListQuery } from './query'
