import { expect, test, vi } from 'vitest'
import { withTexts } from '../i18n/area-texts'
import { loadsUnder, onDemand, preloadPages, recordAreas } from './on-demand'

const page = (name: string) => {
  const load = vi.fn(async () => ({ default: () => <p>{name}</p> }))
  return { load, Page: onDemand(load) }
}

test("a reader's menu preloads the pages of its areas only: lists, pages and forms under each link", async () => {
  const list = page('requests')
  const form = page('request form')
  const users = page('users')
  const tab = page('user tab')
  recordAreas([
    {
      path: 'needs',
      children: [
        { path: '', element: withTexts(['needs'], <list.Page />) },
        { path: ':id/edit', element: <form.Page /> },
      ],
    },
    {
      path: 'users',
      children: [{ path: ':id', element: <users.Page />, children: [{ element: <tab.Page /> }] }],
    },
  ])
  expect(loadsUnder(['/needs'])).toHaveLength(2)
  expect(loadsUnder(['/users/4?tab=x'])).toHaveLength(2)
  await preloadPages(['/', '/needs'], (run) => run())
  expect(list.load).toHaveBeenCalledOnce()
  expect(form.load).toHaveBeenCalledOnce()
  // The administration's screens are not fetched for a menu without them.
  expect(users.load).not.toHaveBeenCalled()
  expect(tab.load).not.toHaveBeenCalled()
})
