import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { Select } from './form-field'
import * as stories from './form-field.stories'

const s = composeStories(stories)

test('a field is found by its label', () => {
  render(<s.Text />)
  expect(screen.getByRole('textbox', { name: 'Login' })).not.toHaveAttribute('aria-invalid')
})

test('errors mark the field invalid and describe it', () => {
  render(<s.WithErrors />)
  const input = screen.getByLabelText('Password')
  expect(input).toHaveAttribute('aria-invalid', 'true')
  expect(input).toHaveAccessibleDescription(
    'The password must have at least 8 characters. The password must contain a digit.',
  )
})

test('a hint describes the field', () => {
  render(<s.WithHint />)
  expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
    'Used for notifications.',
  )
})

test('select and checkbox are labelled', () => {
  render(<s.Select />)
  expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('fr')
  render(<s.Checkbox />)
  expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked()
})

test('the form alert is announced', () => {
  render(<s.Alert />)
  expect(screen.getByRole('alert')).toHaveTextContent('Action not possible: there are errors in the form.')
})

test('a text area is labelled and described by its errors', () => {
  render(<s.TextArea />)
  const area = screen.getByRole('textbox', { name: 'Comment' })
  expect(area.tagName).toBe('TEXTAREA')
  expect(area).toHaveAttribute('aria-invalid', 'true')
  expect(area).toHaveAccessibleDescription('This field is required.')
})

test('a compact select is named for assistive technology and offers its choices', () => {
  render(
    <Select
      aria-label="Supplier awarded"
      placeholder="Not awarded"
      defaultValue=""
      options={[{ value: '3', label: 'Acme', title: 'Acme Industries' }]}
    />,
  )
  const select = screen.getByRole('combobox', { name: 'Supplier awarded' })
  expect([...(select as HTMLSelectElement).options].map((o) => [o.value, o.text])).toEqual([
    ['', 'Not awarded'],
    ['3', 'Acme'],
  ])
  expect(screen.getByRole('option', { name: 'Acme' })).toHaveAttribute('title', 'Acme Industries')
})
