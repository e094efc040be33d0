import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { attachmentsOf, decodedText, startTestSmtp, type TestSmtp } from '@procura/api/testing/smtp'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  accessibilityViolations,
  callApi,
  cspViolations,
  launchBrowser,
  OUTPUT,
  overflowsSideways,
  pageErrors,
  signInAs,
  startTestServer,
  type TestServer,
} from './browser'

/**
 * The purchase story as each role lives it, on a laptop and on a phone: the requester fills the
 * cart and sends it as a request; the validator refuses it with a reason, the requester reads it
 * and gets the mail, resubmits, the validator approves; the buyer orders and sends; the supplier
 * contact finds the order and acknowledges it; the requester follows its request to the order and
 * reads it in French and in Spanish. Every page it stops on is screenshotted (test-results/),
 * checked with axe (no serious or critical WCAG 2 A/AA violation), for console errors, and for
 * sideways overflow. Two files per screen (roles-laptop-request, roles-laptop-order and the phone's).
 */
export const SCREENS = {
  laptop: { name: 'laptop', width: 1366, height: 900 },
  phone: { name: 'phone', width: 390, height: 844 },
} as const
type Screen = (typeof SCREENS)[keyof typeof SCREENS]

/** An amount as each language writes it: "€1,234.56", "1 234,56 €", "1.234,56 €". */
const AMOUNT = {
  en: /€\d{1,3}(,\d{3})*\.\d{2}/,
  fr: /\d{1,3}(\u202f\d{3})*,\d{2}\u00a0€/,
  es: /\d{1,3}(\.\d{3})*,\d{2}\u00a0€/,
} as const

/**
 * The story in two halves, one file each so that both screens' halves run side by side: the
 * request (the requester's cart, the refusal, the fix, the approval), then the order (the buyer,
 * the supplier, the requester following it). The order half starts from a request made and
 * approved through the API as the requester and the validator, the same request the first half
 * walks to.
 */
type Part = 'request' | 'order'

export const roleStory = (screen: Screen, part: Part) =>
  describe(`at ${screen.width} px (${screen.name}), the ${part}`, () => {
    let smtp: TestSmtp
    let server: TestServer
    let browser: Browser
    const pages: Page[] = []
    let needUrl = ''
    let orderCode = ''

    beforeAll(async () => {
      smtp = await startTestSmtp()
      server = await startTestServer({ SMTP_URL: smtp.url })
      browser = await launchBrowser()
      if (part === 'order') await approvedRequest()
    })

    afterAll(async () => {
      await browser?.close()
      await server?.stop()
      await smtp?.close()
    })

    const person = async (login: string, locale: 'en-GB' | 'fr-FR' = 'en-GB') => {
      const page = await signInAs(browser, server, login, {
        locale,
        viewport: { width: screen.width, height: screen.height },
      })
      pages.push(page)
      return page
    }

    /** Screenshot, then the page must pass axe, fit the screen's width and have logged no error. */
    const look = async (page: Page, step: string) => {
      await page.screenshot({ path: join(OUTPUT, `roles-${screen.width}-${step}.png`), fullPage: true })
      expect(await accessibilityViolations(page), step).toEqual([])
      expect(await overflowsSideways(page), `${step} overflows sideways`).toBe(false)
      expect(pageErrors(page), step).toEqual([])
    }

    const heading = (page: Page, text: string | RegExp) =>
      page.getByRole('heading', { level: 1 }).filter({ hasText: text }).waitFor()

    /** The first half's outcome, through the API: six office chairs asked for and approved. */
    const approvedRequest = async () => {
      const requester = await person('requester')
      const articles = '/bwapi/warehouses/1/articles'
      const found = await callApi(
        requester,
        `${articles}?search=${encodeURIComponent('Office chair')}&per_page=1`,
      )
      const article = found.json.data[0] as { id: number; quantity_step: string | null }
      const quantity = String(Number(article.quantity_step ?? 1) * 6)
      expect((await callApi(requester, `${articles}/${article.id}/add-to-cart`, { quantity })).status).toBe(
        200,
      )
      const made = await callApi(requester, `${articles}/create-purchase-order?mode=request`, {})
      const [request] = made.json.data.requests as { id: number }[]
      const validator = await person('validator', 'fr-FR')
      expect((await callApi(validator, `/bwapi/needs/${request?.id}/approve`, {})).status).toBe(200)
      needUrl = `${server.url}/app/needs/${request?.id}`
      smtp.received.length = 0
    }

    /** A step of one half: declared in that half's file only. */
    const stepOf = (half: Part) => (name: string, walk: () => Promise<void>) => {
      if (part === half) test(name, walk)
    }
    const requestTest = stepOf('request')
    const orderTest = stepOf('order')

    requestTest('requester: fills the cart from the catalogue and sends it as a request', async () => {
      const requester = await person('requester')
      if (screen.width < 640) {
        await requester.getByRole('button', { name: 'Main menu' }).click()
        await look(requester, 'requester-menu')
      }
      await requester
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Catalogue' })
        .click()
      await requester.getByRole('searchbox', { name: 'Search' }).fill('Office chair')
      // The list narrows to the search (the server answers), then the article opens.
      const row = requester.getByRole('row').filter({ hasText: 'Office chair' }).first()
      await expect.poll(() => requester.getByRole('row').filter({ hasText: 'Copy paper' }).count()).toBe(0)
      await row.getByRole('link', { name: /^ART-/ }).click()
      const show = requester.getByRole('dialog')
      await show.getByRole('link', { name: 'Add to cart' }).click()
      const add = requester.getByRole('dialog', { name: 'Add to cart' })
      // The dialog tells the article's step ("By 2"); eight of them, or eight steps.
      const hint = (await add.textContent()) ?? ''
      const step = Number(hint.match(/In multiples of (\d+)/)?.[1] ?? '1')
      await add.getByLabel('Quantity').fill(String(step * 8))
      await add.getByRole('button', { name: 'Add to cart' }).click()
      // The list kept its search: the address holds it.
      await expect.poll(() => new URL(requester.url()).searchParams.get('search')).toBe('Office chair')
      expect(await requester.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('Office chair')
      const cart = requester.getByRole('complementary', { name: 'Cart (1)' })
      await cart.getByRole('listitem').first().waitFor()
      if (screen.width < 640) {
        // On a phone the cart is under the list: a button in reach leads to it.
        await cart.getByRole('button', { name: 'Cart (1)' }).click()
        await expect.poll(() => requester.evaluate(() => document.activeElement?.id)).toBe('cart-title')
      }
      await look(requester, 'requester-cart')
      await cart.getByRole('button', { name: 'Send as a request' }).click()
      const details = requester.getByRole('dialog', { name: 'Send as a request' })
      await details.getByRole('button', { name: 'Send as a request' }).click()
      // The requester lands on the request made.
      await heading(requester, 'Awaiting validation')
      needUrl = requester.url()
      await requester.getByText('Waiting for: Victor Validator').waitFor()
      await look(requester, 'requester-request')
    })

    requestTest(
      'validator: refuses with a reason; the requester reads it, in the to-do and by mail',
      async () => {
        await smtp.waitFor(1)
        smtp.received.length = 0
        const validator = await person('validator', 'fr-FR')
        await validator.goto(needUrl)
        await heading(validator, 'En attente de validation')
        await expect.poll(() => validator.locator('main').textContent()).toMatch(AMOUNT.fr)
        await look(validator, 'validator-request')
        await validator.getByRole('button', { name: 'Refuser' }).click()
        const dialog = validator.getByRole('dialog', { name: /Refuser REQ-/ })
        await dialog
          .getByRole('textbox', { name: /Pourquoi refusez-vous/ })
          .fill('Six sièges suffisent pour la salle.')
        await look(validator, 'validator-refuse-dialog')
        await dialog.getByRole('button', { name: 'Refuser' }).click()
        await heading(validator, 'Refusé')

        const requester = pages[0] as Page
        await requester.reload()
        const note = requester.getByRole('note', { name: 'Refusal' })
        await note.getByText('Six sièges suffisent pour la salle.').waitFor()
        await expect.poll(() => requester.getByRole('banner').textContent()).toMatch(/To do\s*1/)
        await look(requester, 'requester-refused')
        const [mail] = await smtp.waitFor(1)
        expect(mail?.to).toEqual(['requester@procura.example'])
        expect(decodedText(mail?.raw ?? '')).toContain('Six sièges suffisent pour la salle.')
      },
    )

    requestTest('requester fixes the request and resubmits; validator approves', async () => {
      const requester = pages[0] as Page
      await requester.getByRole('link', { name: 'Edit' }).click()
      const line = requester.getByRole('group', { name: 'Line 1' })
      const quantity = line.getByLabel('Quantity', { exact: true })
      await quantity.fill(String(Number(await quantity.inputValue()) * 0.75))
      await look(requester, 'requester-fix')
      await requester.getByRole('button', { name: 'Save' }).click()
      await heading(requester, 'Refused')
      await requester.getByRole('button', { name: 'Submit' }).click()
      await heading(requester, 'Awaiting validation')
      const validator = pages[1] as Page
      await validator.goto(needUrl)
      await validator.getByRole('button', { name: 'Approuver' }).click()
      await heading(validator, 'Validé')
      await look(validator, 'validator-approved')
    })

    orderTest(
      'buyer: orders from the request, has it validated, sends it; the PDF reads back whole',
      async () => {
        smtp.received.length = 0
        const buyer = await person('buyer')
        await buyer.goto(needUrl)
        await buyer.getByRole('button', { name: 'Transform into an order' }).click()
        const modal = buyer.getByRole('dialog', { name: 'Transform into an order' })
        await modal.getByLabel('Supplier').selectOption({ label: 'OfficePro Supplies' })
        await modal.getByRole('button', { name: 'Transform into an order' }).click()
        await heading(buyer, /PO-\d{4}-\d{5}/)
        orderCode =
          ((await buyer.getByRole('heading', { level: 1 }).textContent()) ?? '').match(
            /PO-\d{4}-\d{5}/,
          )?.[0] ?? ''
        const orderUrl = buyer.url()
        await buyer.getByRole('button', { name: 'Submit for validation' }).click()
        await heading(buyer, 'Awaiting validation')
        const validator = pages[1] as Page
        await validator.goto(orderUrl)
        await validator.getByRole('button', { name: 'Valider' }).click()
        await heading(validator, 'Validé')

        await buyer.reload()
        await heading(buyer, 'Validated')
        // Amounts are formatted once the currencies have loaded: wait for them.
        await expect.poll(() => buyer.locator('main').textContent()).toMatch(AMOUNT.en)
        await buyer.getByRole('button', { name: 'Send', exact: true }).click()
        const send = buyer.getByRole('dialog', { name: /Send PO-/ })
        expect(await send.getByLabel('To', { exact: true }).inputValue()).toBe('supplier@procura.example')
        expect(await send.getByLabel('Copy to (comma-separated)').inputValue()).toBe('buyer@procura.example')
        await look(buyer, 'buyer-send-dialog')
        await send.getByRole('button', { name: 'Send' }).click()
        await heading(buyer, 'Sent')
        await look(buyer, 'buyer-sent')

        const mails = await smtp.waitFor(3)
        const toSupplier = mails.find((m) => m.to.includes('supplier@procura.example'))
        const [pdf] = attachmentsOf(toSupplier?.raw ?? '')
        const file = join(OUTPUT, `roles-${screen.width}-order.pdf`)
        writeFileSync(file, pdf?.content ?? Buffer.alloc(0))
        const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
        expect(text).toContain(`Purchase order ${orderCode}`)
        expect(text).toContain('8 place Bellecour, 69002 Lyon, France')
        expect(text).toContain('14 rue de la Papeterie, 38000 Grenoble, France')
        expect(text).toContain(
          'Payment terms: 45 days from invoice date, end of month, at most 60 days, by bank transfer',
        )
        expect(text).toMatch(/Requests: REQ-/)
        expect(text).toMatch(/Page 1 \/ \d/)
      },
    )

    orderTest('supplier contact: finds the order sent to its company and acknowledges it', async () => {
      const supplier = await person('supplier')
      if (screen.width < 640) await supplier.getByRole('button', { name: 'Main menu' }).click()
      await supplier
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Purchase orders' })
        .click()
      await supplier.getByRole('link', { name: orderCode }).click()
      await heading(supplier, orderCode)
      await look(supplier, 'supplier-order')
      await supplier.getByRole('button', { name: 'Acknowledged' }).click()
      await heading(supplier, 'Acknowledged')
      expect(await supplier.getByRole('button', { name: /Approve|Validate|Refuse/ }).count()).toBe(0)
      await look(supplier, 'supplier-acknowledged')
    })

    orderTest('requester: follows the request to its order, in English, French and Spanish', async () => {
      const requester = pages[0] as Page
      await requester.goto(needUrl)
      const follow = requester.getByRole('definition').filter({ hasText: orderCode })
      await follow.waitFor()
      await expect.poll(() => requester.locator('main').textContent()).toMatch(AMOUNT.en)
      await look(requester, 'requester-follows')
      await requester.getByRole('link', { name: 'See the order' }).click()
      await heading(requester, orderCode)
      expect(await requester.getByRole('button', { name: 'Send', exact: true }).count()).toBe(0)
      await look(requester, 'requester-order')

      for (const [language, label, name] of [
        ['fr', 'Français', 'Langue'],
        ['es', 'Español', 'Idioma'],
      ] as const) {
        await requester.getByRole('combobox', { name: /Language|Langue|Idioma/ }).selectOption({ label })
        await requester.getByRole('combobox', { name }).waitFor()
        await heading(requester, orderCode)
        const text = (await requester.locator('main').textContent()) ?? ''
        expect(text).toMatch(AMOUNT[language])
        expect(text).not.toMatch(AMOUNT.en)
        await look(requester, `requester-order-${language}`)
      }
      await requester.getByRole('combobox', { name: 'Idioma' }).selectOption({ label: 'English' })
    })

    test('no page broke the Content-Security-Policy', () => {
      expect(cspViolations(browser)).toEqual([])
    })
  })
