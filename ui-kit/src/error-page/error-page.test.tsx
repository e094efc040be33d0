import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import * as stories from './error-page.stories'

const s = composeStories(stories)

test.each([
  [s.Forbidden, '403', 'This action is not allowed.'],
  [s.NotFound, '404', 'This page does not exist.'],
  [s.LinkExpired, '498', 'your link has expired'],
  [s.ServerError, '500', 'Server error.'],
  [s.Maintenance, '503', 'The site is currently under maintenance.'],
])('%# shows its status and the spec message as the page heading', (Story, status, message) => {
  render(<Story />)
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(message)
  expect(screen.getByText(status)).toBeInTheDocument()
})

test('the 503 page shows the retry delay in seconds and the extra message', () => {
  render(<s.Maintenance />)
  expect(screen.getByText('Please retry in 120 seconds.')).toBeInTheDocument()
  expect(screen.getByText('We are upgrading Procura to version 2.')).toBeInTheDocument()
})

test('without a delay the 503 page says to retry later', () => {
  render(<s.MaintenanceRetryLater />)
  expect(screen.getByText('Please retry later.')).toBeInTheDocument()
})

test('other pages never show retry text', () => {
  render(<s.NotFound />)
  expect(screen.queryByText(/retry/i)).toBeNull()
  expect(screen.getByRole('button', { name: 'Back to the dashboard' })).toBeInTheDocument()
})

test('the page speaks the asked language', () => {
  render(<s.NotFoundInFrench />)
  expect(screen.getByRole('heading')).toHaveTextContent("Cette page n'existe pas.")
  render(<s.MaintenanceInSpanish />)
  expect(screen.getByText('Vuelva a intentarlo dentro de 30 segundos.')).toBeInTheDocument()
})
