import { join } from 'node:path'
import { decodedText, startTestSmtp, type TestSmtp } from '@procura/api/testing/smtp'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  accessibilityViolations,
  cspViolations,
  launchBrowser,
  OUTPUT,
  signInAs,
  startTestServer,
  type TestServer,
} from './browser'

let smtp: TestSmtp
let server: TestServer
let browser: Browser

beforeAll(async () => {
  smtp = await startTestSmtp()
  server = await startTestServer({ SMTP_URL: smtp.url })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await smtp?.close()
})

test('the validator refuses with a reason; the requester reads it on the request, in its to-do and in its mail', async () => {
  const requester = await signInAs(browser, server, 'requester', { at: '/app/needs/new' })
  await requester.getByLabel('Subject').fill('A sofa for the lobby')
  await requester.getByLabel('Buyer').selectOption({ label: 'Bruno Buyer' })
  await requester.getByLabel('Purchase family').fill('FURNITURE')
  const line = requester.getByRole('group', { name: 'Line 1' })
  await line.getByLabel('Description').fill('Three-seat sofa')
  await line.getByLabel('Quantity', { exact: true }).fill('1')
  await line.getByLabel('Estimated unit price excl. tax').fill('1450')
  await requester.getByRole('button', { name: 'Save' }).click()
  await requester.getByRole('heading', { level: 1 }).filter({ hasText: 'A sofa for the lobby' }).waitFor()
  const needUrl = requester.url()
  await requester.getByRole('button', { name: 'Submit' }).click()
  await requester.getByRole('heading', { level: 1 }).filter({ hasText: 'Awaiting validation' }).waitFor()
  await smtp.waitFor(1) // the validator was asked
  smtp.received.length = 0

  // The validator (in French) refuses: a reason is required, checked before anything is sent.
  const validator = await signInAs(browser, server, 'validator', { locale: 'fr-FR' })
  await validator.goto(needUrl)
  await validator.getByRole('button', { name: 'Refuser' }).click()
  const dialog = validator.getByRole('dialog', { name: /Refuser REQ-/ })
  await dialog.getByRole('button', { name: 'Refuser' }).click()
  await dialog.getByText('Dites pourquoi vous refusez (au moins 3 caractères) : l’auteur le lira.').waitFor()
  await dialog
    .getByRole('textbox', { name: /Pourquoi refusez-vous/ })
    .fill('Le hall sera rénové en mars : attendons.')
  await validator.screenshot({ path: join(OUTPUT, 'decision-refuse-dialog.png') })
  await dialog.getByRole('button', { name: 'Refuser' }).click()
  await validator.getByRole('heading', { level: 1 }).filter({ hasText: 'Refusé' }).waitFor()

  // The requester sees why, and its to-do counts the request to rework.
  await requester.reload()
  const note = requester.getByRole('note', { name: 'Refusal' })
  await note.getByText('Refused by Victor Validator').waitFor()
  await note.getByText('Le hall sera rénové en mars : attendons.').waitFor()
  await expect.poll(() => requester.getByRole('banner').textContent()).toMatch(/To do\s*1/)
  await requester.screenshot({ path: join(OUTPUT, 'decision-refused-request.png'), fullPage: true })

  const [mail] = await smtp.waitFor(1)
  expect(mail?.to).toEqual(['requester@procura.example'])
  expect(decodedText(mail?.raw ?? '')).toContain('Le hall sera rénové en mars : attendons.')

  // A notification arrived too: the header's bell counts it; marking all read clears the count.
  const bell = requester.getByRole('link', { name: /^Notifications: \d+ unread$/ })
  await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications: 1 unread')
  await bell.click()
  await requester.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor()
  await requester
    .getByRole('link', { name: /REQ-\S+ was refused by Victor Validator: Le hall sera rénové en mars/ })
    .waitFor()
  expect(await accessibilityViolations(requester)).toEqual([])
  await requester.getByRole('button', { name: 'Mark all read' }).click()
  await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications: 0 unread')
  await requester.getByText('0 unread notifications.').waitFor()
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
