import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { ApiError } from '../http/client'
import { ErrorState } from './error-state'

test('a document that does not exist shows the 404 page inside the frame: one main landmark, not two', () => {
  render(
    <main>
      <ErrorState error={new ApiError(404, { message: 'Not found' })} />
    </main>,
  )
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This page does not exist.')
  expect(screen.getAllByRole('main')).toHaveLength(1)
})
