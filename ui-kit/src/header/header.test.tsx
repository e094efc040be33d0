import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import * as stories from './header.stories'

const s = composeStories(stories)

test('the user menu opens on the user name and runs an item', () => {
  render(<s.SignedIn />)
  fireEvent.click(screen.getByRole('button', { name: 'User menu: Rita Requester' }))
  expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Profile', 'Sign out'])
  fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }))
  expect(s.SignedIn.args.items?.[1]?.onSelect).toHaveBeenCalledTimes(1)
  expect(screen.queryByRole('menu')).toBeNull()
})

test('while impersonating the menu shows both names and offers to get back', () => {
  render(<s.Impersonating />)
  const button = screen.getByRole('button', { name: 'User menu: Alice Admin → Rita Requester' })
  expect(button).toHaveTextContent('Alice Admin → Rita Requester')
  fireEvent.click(button)
  fireEvent.click(screen.getByRole('menuitem', { name: 'Get back as Alice Admin' }))
  expect(s.Impersonating.args.items?.[0]?.onSelect).toHaveBeenCalledTimes(1)
})

test('the environment badge shows outside production only', () => {
  render(<s.Environment />)
  expect(screen.getByRole('note')).toHaveTextContent('Test environment')
  const { container } = render(<s.Production />)
  expect(container).toBeEmptyDOMElement()
})

test('server messages and actions to do', () => {
  render(<s.Messages />)
  expect(screen.getByRole('status')).toHaveTextContent('Inventory on Friday')
  render(<s.Actions />)
  fireEvent.click(screen.getByRole('button', { name: /To do/ }))
  expect(screen.getByRole('link', { name: 'Orders to validate' })).toHaveAttribute(
    'href',
    '/orders?to-validate',
  )
  render(<s.NoActions />)
  fireEvent.click(screen.getAllByRole('button', { name: /To do/ })[1] as HTMLElement)
  expect(screen.getByText('Nothing to do.')).toBeInTheDocument()
})

test('the actions to do close once a link is followed, on Escape, or on a click elsewhere', () => {
  render(<s.Actions />)
  const toggle = screen.getByRole('button', { name: /To do/ })
  fireEvent.click(toggle)
  fireEvent.click(screen.getByRole('link', { name: 'Orders to validate' }))
  expect(screen.queryByRole('link', { name: 'Orders to validate' })).toBeNull()
  fireEvent.click(toggle)
  fireEvent.keyDown(document, { key: 'Escape' })
  expect(screen.queryByRole('link', { name: 'Orders to validate' })).toBeNull()
  fireEvent.click(toggle)
  fireEvent.mouseDown(document.body)
  expect(screen.queryByRole('link', { name: 'Orders to validate' })).toBeNull()
})
