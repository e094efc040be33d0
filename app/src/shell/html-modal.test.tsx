import { fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, expect, test, vi } from 'vitest'
import { createI18n } from '../i18n/i18n'
import { SHELL_TEXTS } from '../i18n/shell-texts'
import { HtmlModalProvider, sanitizeHtml, useHtmlModal } from './html-modal'

afterEach(() => vi.unstubAllGlobals())

const Opener = ({ address }: { address: string }) => {
  const open = useHtmlModal()
  return (
    <button type="button" onClick={() => void open(address)}>
      open
    </button>
  )
}

const renderOpener = (address: string) =>
  render(
    <I18nextProvider i18n={createI18n('en', SHELL_TEXTS)}>
      <HtmlModalProvider>
        <Opener address={address} />
      </HtmlModalProvider>
    </I18nextProvider>,
  )

test('the modal shows the title and body of the answer, in its size', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({ title: 'About Procura', body: '<p>Hello <strong>you</strong></p>', size: 'large' }),
    ),
  )
  renderOpener('/bwapi/about')
  fireEvent.click(screen.getByRole('button', { name: 'open' }))
  const dialog = await screen.findByRole('dialog', { name: 'About Procura' })
  expect(dialog).toHaveClass('pc-modal--large')
  expect(dialog).toHaveTextContent('Hello you')
  fireEvent.click(screen.getByRole('button', { name: 'Close' }))
  expect(screen.queryByRole('dialog')).toBeNull()
})

test('a failed fetch shows the server message', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ message: 'This page does not exist.' }, { status: 404 })),
  )
  renderOpener('/bwapi/nowhere')
  fireEvent.click(screen.getByRole('button', { name: 'open' }))
  expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('This page does not exist.')
})

test('scripts, handlers and javascript: links are removed', () => {
  const clean = sanitizeHtml(
    '<p onclick="x()">a</p><script>alert(1)</script><a href="javascript:alert(1)">b</a><img src="x" onerror="y()">',
  )
  expect(clean).toBe('<p>a</p><a>b</a><img src="x">')
})
