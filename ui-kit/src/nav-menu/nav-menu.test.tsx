import { composeStories } from '@storybook/react-vite'
import { render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import * as stories from './nav-menu.stories'

const { Admin, Requester } = composeStories(stories)

test('items and their subtree become nested links', () => {
  render(<Admin />)
  expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual([
    'Dashboard',
    'Administration',
    'Users',
    'Roles',
  ])
  const admin = screen.getByRole('link', { name: 'Administration' }).closest('li')
  expect(within(admin as HTMLElement).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '#/users')
})

test('a menu without subtree is flat', () => {
  render(<Requester />)
  expect(screen.getAllByRole('list')).toHaveLength(1)
})
