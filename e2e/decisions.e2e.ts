import { join } from 'node:path'
import { decodedText, startTestSmtp, type TestSmtp } from '@procura/api/testing/smtp'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  accessibilityViolations,
  callApi,
  cspViolations,
  launchBrowser,
  OUTPUT,
  overflowsSideways,
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

test('the validator decides from the mail on a phone: figures first, one button, a used link says so', async () => {
  // The requester submits two requests; the validator's mails carry their links.
  const requester = await signInAs(browser, server, 'requester')
  const buyers = (await callApi(requester, '/bwapi/buyers')).json.data as { id: number; label: string }[]
  const buyer = buyers.find((b) => b.label === 'Bruno Buyer')?.id
  const submitted = async (title: string) => {
    const made = await callApi(requester, '/bwapi/needs', {
      title,
      buyer_id: buyer,
      purchase_family: 'FURNITURE',
      lines: [{ description: 'Standing desk', quantity: '2', unit_price_exctax: '420' }],
    })
    expect(made.status).toBe(201)
    smtp.received.length = 0
    expect((await callApi(requester, `/bwapi/needs/${made.json.data.id}/submit`, {})).status).toBe(200)
    const [mail] = await smtp.waitFor(1)
    expect(mail?.to).toEqual(['validator@procura.example'])
    const text = decodedText(mail?.raw ?? '')
    const link = (label: string) => new RegExp(`${label} : (http\\S+/decide/\\S+)`).exec(text)?.[1] ?? ''
    return { id: made.json.data.id as number, validate: link('Valider'), refuse: link('Refuser') }
  }
  const first = await submitted('Desks for the new team')
  const second = await submitted('Desks for the lab')
  expect(first.validate).toContain(`${server.url}/app/decide/`)

  // On the validator's phone, not signed in: the link shows the request in French and asks.
  const phone = await browser.newContext({
    locale: 'fr-FR',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  const page = await phone.newPage()
  await page.goto(first.validate)
  await page
    .getByRole('heading', { level: 1 })
    .filter({ hasText: /^Valider la demande REQ-/ })
    .waitFor()
  await page.getByText('Desks for the new team').waitFor()
  await page.getByText(/840,00\s€/).waitFor()
  await page.getByText('Rita Requester').waitFor()
  expect(await overflowsSideways(page)).toBe(false)
  expect(await accessibilityViolations(page)).toEqual([])
  await page.screenshot({ path: join(OUTPUT, 'decision-mail-link-phone.png'), fullPage: true })
  // Opening it changed nothing; the button decides.
  const status = async (id: number) => (await callApi(requester, `/bwapi/needs/${id}`)).json.data?.status
  expect(await status(first.id)).toBe('awaiting')
  await page.getByRole('button', { name: 'Valider' }).click()
  await page
    .getByRole('status')
    .filter({ hasText: /Votre validation de la demande REQ-\S+ est enregistrée/ })
    .waitFor()
  await expect.poll(() => status(first.id)).toBe('validated')

  // The same link again, and the refusal link of the request now decided: each says so, no button.
  await page.reload()
  await page.getByText(/Ce lien a déjà servi/).waitFor()
  expect(await page.getByRole('button', { name: 'Valider' }).count()).toBe(0)
  await page.goto(first.refuse)
  await page.getByText(/Cette étape a déjà été décidée/).waitFor()

  // Refusing the second asks why, in place; then it is refused.
  await page.goto(second.refuse)
  await page
    .getByRole('heading', { level: 1 })
    .filter({ hasText: /^Refuser la demande REQ-/ })
    .waitFor()
  await page.getByRole('button', { name: 'Refuser' }).click()
  await page
    .getByText(/au moins 3 caractères/)
    .first()
    .waitFor()
  expect(await status(second.id)).toBe('awaiting')
  await page.getByRole('textbox', { name: 'Pourquoi la refusez-vous ?' }).fill('Le labo déménage en mars.')
  await page.getByRole('button', { name: 'Refuser' }).click()
  await page
    .getByRole('status')
    .filter({ hasText: /Votre refus de la demande REQ-\S+ est enregistré/ })
    .waitFor()
  await expect.poll(() => status(second.id)).toBe('refused')
  await phone.close()
})

test('no page broke the Content-Security-Policy', () => {
  expect(cspViolations(browser)).toEqual([])
})
