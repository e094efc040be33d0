import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { ButtonLink } from './button'
import * as stories from './button.stories'

const { Primary, Danger, Loading, Disabled, Small } = composeStories(stories)

test('a click calls onClick', () => {
  render(<Primary />)
  fireEvent.click(screen.getByRole('button', { name: 'Validate' }))
  expect(Primary.args.onClick).toHaveBeenCalledTimes(1)
})

test('it is a plain button, not a form submit, unless asked', () => {
  render(<Primary />)
  expect(screen.getByRole('button')).toHaveAttribute('type', 'button')
})

test('variant and size show in the class', () => {
  render(<Danger />)
  expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('pc-button--danger')
  render(<Small />)
  expect(screen.getByRole('button', { name: 'Edit' })).toHaveClass('pc-button--small')
})

test('a loading button is busy, disabled and ignores clicks', () => {
  render(<Loading />)
  const button = screen.getByRole('button', { name: 'Sending…' })
  expect(button).toBeDisabled()
  expect(button).toHaveAttribute('aria-busy', 'true')
  fireEvent.click(button)
  expect(Loading.args.onClick).not.toHaveBeenCalled()
})

test('a disabled button ignores clicks', () => {
  render(<Disabled />)
  fireEvent.click(screen.getByRole('button'))
  expect(Disabled.args.onClick).not.toHaveBeenCalled()
})

test('a button link stays a link, drawn as a button', () => {
  const { AsLink } = composeStories(stories)
  render(<AsLink />)
  const link = screen.getByRole('link', { name: 'New order' })
  expect(link).toHaveAttribute('href', '#new')
  expect(link).toHaveClass('pc-button', 'pc-button--primary')
})

test('a button link draws through the component it is given', () => {
  const Custom = ({ to, ...rest }: { to: string; className?: string; children?: React.ReactNode }) => (
    <a data-to={to} href={to} {...rest} />
  )
  render(
    <ButtonLink as={Custom} to="/orders/new" size="small">
      New
    </ButtonLink>,
  )
  expect(screen.getByRole('link', { name: 'New' })).toHaveAttribute('data-to', '/orders/new')
  expect(screen.getByRole('link', { name: 'New' })).toHaveClass('pc-button--secondary', 'pc-button--small')
})
