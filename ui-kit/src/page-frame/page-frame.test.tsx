import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import * as stories from './page-frame.stories'

const { Full, MenuCollapsed, WithoutMenuOrAside } = composeStories(stories)

test('the frame has header, menu, breadcrumbs, content, aside and footer landmarks', () => {
  render(<Full />)
  expect(screen.getByRole('banner')).toHaveTextContent('Procura')
  expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument()
  expect(screen.getByRole('main')).toHaveTextContent('PO-2026-0042')
  expect(screen.getByRole('complementary')).toHaveTextContent('Validation circuit')
  expect(screen.getByRole('contentinfo')).toHaveTextContent('Procura 0.1.0')
})

test('breadcrumbs link every step but the current page', () => {
  render(<Full />)
  const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' })
  expect(trail.querySelectorAll('a')).toHaveLength(2)
  expect(screen.getByText('PO-2026-0042', { selector: 'span' }).closest('li')).toHaveAttribute(
    'aria-current',
    'page',
  )
})

test('the menu collapses and expands, telling assistive technology and the caller', () => {
  render(<Full />)
  const toggle = screen.getByRole('button', { name: /Main menu/ })
  const menu = screen.getByRole('navigation', { name: 'Main menu' })
  expect(toggle).toHaveAttribute('aria-expanded', 'true')
  fireEvent.click(toggle)
  expect(toggle).toHaveAttribute('aria-expanded', 'false')
  expect(menu).toHaveAttribute('data-collapsed', 'true')
  expect(Full.args.onMenuToggle).toHaveBeenLastCalledWith(true)
  fireEvent.click(toggle)
  expect(menu).toHaveAttribute('data-collapsed', 'false')
})

test('a frame can start collapsed', () => {
  render(<MenuCollapsed />)
  expect(screen.getByRole('button', { name: /Main menu/ })).toHaveAttribute('aria-expanded', 'false')
})

test('without a menu there is no toggle and no aside', () => {
  render(<WithoutMenuOrAside />)
  expect(screen.queryByRole('button')).toBeNull()
  expect(screen.queryByRole('complementary')).toBeNull()
})
