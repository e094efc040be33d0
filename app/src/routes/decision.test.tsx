import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { RefusedActions } from './decision'

test('refused actions say why once per reason, and leave out what is not the reader’s', () => {
  render(
    <RefusedActions
      refused={[
        { action: 'validate', code: 'NOT_CURRENT_VALIDATOR' },
        { action: 'refuse', code: 'NOT_CURRENT_VALIDATOR' },
        { action: 'cancel', code: 'FORBIDDEN' },
        { action: 'delete', code: 'BUDGET_IN_USE', params: { budget: 'IT 2026', count: 3 } },
      ]}
      label={(action) => action.toUpperCase()}
    />,
  )
  const items = screen.getAllByRole('listitem').map((li) => li.textContent)
  expect(items).toHaveLength(2)
  expect(items[0]).toMatch(/^VALIDATE, REFUSE — /)
  expect(items[1]).toMatch(/^DELETE — .*IT 2026/)
  expect(items.join(' ')).not.toContain('CANCEL')
})

test('nothing refused, nothing drawn', () => {
  const { container } = render(
    <RefusedActions refused={[{ action: 'cancel', code: 'FORBIDDEN' }]} label={String} />,
  )
  expect(container.innerHTML).toBe('')
})
