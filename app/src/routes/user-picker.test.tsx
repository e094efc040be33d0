import type { SearchComboboxProps, SearchOption } from '@procura/ui-kit/search-combobox'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, waitFor } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { createQueryClient } from '../app'
import { type PickedUser, UserPicker } from './user-picker'

// The combobox as a prop recorder: the test plays what React Aria does, in the order it may do it.
const shown: { props?: SearchComboboxProps<SearchOption> } = {}
vi.mock('@procura/ui-kit/search-combobox', () => ({
  SearchCombobox: (props: SearchComboboxProps<SearchOption>) => {
    shown.props = props
    return null
  },
}))
afterEach(() => vi.unstubAllGlobals())

const rita: PickedUser = { id: 3, login: 'requester', label: 'Rita Requester' }

const renderPicker = () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ data: [rita] })),
  )
  const picks: (PickedUser | null)[] = []
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UserPicker label="Delegate" hint="" emptyLabel="Nobody" onPick={(user) => picks.push(user)} />
    </QueryClientProvider>,
  )
  const props = () => shown.props as unknown as SearchComboboxProps<PickedUser & { description: string }>
  return { picks, props }
}

test('the picked person stays picked when the combobox writes their name in the input afterwards', () => {
  const { picks, props } = renderPicker()
  act(() => props().onInputChange('Rita'))
  act(() => props().onSelect({ ...rita, description: rita.login }))
  // On a busy machine React Aria reports the name it writes after the pick: no new search.
  act(() => props().onInputChange('Rita Requester'))
  expect(picks.at(-1)).toMatchObject({ login: 'requester' })
  expect(props().inputValue).toBe('Rita Requester')
})

test('typing anything else takes the pick back', () => {
  const { picks, props } = renderPicker()
  act(() => props().onSelect({ ...rita, description: rita.login }))
  act(() => props().onInputChange('Rita Request'))
  expect(picks.at(-1)).toBeNull()
  // The same name typed again after that is a search, not the earlier pick.
  act(() => props().onInputChange('Rita Requester'))
  expect(picks.at(-1)).toBeNull()
})

test('the list keeps the picked person while the next answer loads: the combobox never loses the pick', async () => {
  const { props } = renderPicker()
  act(() => props().onInputChange('Rita'))
  await waitFor(() => expect(props().items.map((i) => i.login)).toEqual(['requester']))
  // The next answers never come (a slow server): the list still holds who was picked.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  )
  act(() => props().onSelect({ ...rita, description: rita.login }))
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(props().items.map((i) => i.login)).toEqual(['requester'])
})
