import { join } from 'node:path'
import { expect, test } from 'vitest'
import {
  accessibilityViolations,
  browserFile,
  cspTest,
  fillDate,
  OUTPUT,
  pageErrors,
  pickFromSearch,
  signInAs,
} from './browser'

const file = browserFile()

test('a buyer asks three suppliers for prices; one answers through the portal, two are entered; compared and awarded per line into two draft orders', async () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const buyer = await signInAs(file.browser, file.server, 'buyer')
  // A third supplier, with its order contact.
  await buyer.goto(`${file.server.url}/app/suppliers`)
  await buyer.getByRole('link', { name: 'New supplier' }).click()
  await buyer.getByLabel('Code', { exact: true }).fill('PAPERCO')
  await buyer.getByLabel('Company name').fill('Paper & Co')
  await buyer.getByRole('button', { name: 'Save' }).click()
  await buyer.getByRole('heading', { level: 1, name: 'Paper & Co (PAPERCO)' }).waitFor()
  await buyer.getByRole('tab', { name: 'Contact informations' }).click()
  const contact = buyer.getByRole('form', { name: 'Add the contact' })
  await contact.getByLabel('Name').fill('Paula')
  await contact.getByLabel('E-mail').fill('orders@paperco.example')
  await contact.getByLabel('Main order contact').check()
  await contact.getByRole('button', { name: 'Add the contact' }).click()
  await buyer.getByRole('cell', { name: 'orders@paperco.example' }).waitFor()

  await buyer
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Requests for quotation' })
    .click()
  await buyer.getByRole('heading', { level: 1, name: 'Requests for quotation' }).waitFor()
  await buyer.getByText('No request for quotation yet').waitFor()
  await buyer.getByRole('link', { name: 'New request for quotation' }).click()
  await buyer.getByLabel('Subject').fill('Meeting room furniture')
  await fillDate(buyer, 'Reply by', day(5))
  for (const [typed, name] of [
    ['officepro', /OfficePro Supplies/],
    ['safework', /SafeWork/],
    ['paper', /Paper & Co/],
  ] as const) {
    const invited = buyer.getByRole('button', { name: new RegExp(`^Remove ${name.source}`) })
    await pickFromSearch(buyer, 'Invite a supplier', typed, name, invited)
  }
  const first = buyer.getByRole('group', { name: 'Line 1' })
  await first.getByLabel('Article or label').fill('Meeting chair')
  await first.getByLabel('Quantity').fill('12')
  await buyer.getByRole('button', { name: 'Add a line' }).click()
  const second = buyer.getByRole('group', { name: 'Line 2' })
  await second.getByLabel('Article or label').fill('Meeting table')
  await second.getByLabel('Quantity').fill('2')
  expect(await accessibilityViolations(buyer)).toEqual([])
  await buyer.getByRole('button', { name: 'Save' }).click()
  await buyer.getByRole('heading', { level: 1, name: /^RFQ-/ }).waitFor()
  const code =
    /RFQ-\d{4}-\d{5}/.exec((await buyer.getByRole('heading', { level: 1 }).textContent()) ?? '')?.[0] ?? ''
  await buyer.getByRole('button', { name: 'Send to the suppliers' }).click()
  await buyer.getByRole('dialog').getByRole('button', { name: 'Send to the suppliers' }).click()
  await buyer.getByText(`${code} sent to the suppliers.`).waitFor()

  // OfficePro's contact answers through the portal.
  const supplier = await signInAs(file.browser, file.server, 'supplier')
  await supplier
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Requests for quotation' })
    .click()
  await supplier.getByRole('link', { name: code }).click()
  await supplier.getByRole('button', { name: 'Answer' }).click()
  const chairs = supplier.getByRole('group', { name: 'Meeting chair' })
  await chairs.getByLabel('Unit price excl. tax').fill('85')
  await chairs.getByLabel('Lead time (days)').fill('10')
  await supplier.getByRole('group', { name: 'Meeting table' }).getByLabel('Unit price excl. tax').fill('640')
  expect(await accessibilityViolations(supplier)).toEqual([])
  await supplier.getByRole('button', { name: 'Save the answer' }).click()
  await supplier.getByText('The answer of OfficePro Supplies is saved.').waitFor()
  await supplier.getByRole('button', { name: 'Change the answer' }).waitFor()

  // The buyer sees who answered, not the prices, and enters the two quotes received by mail.
  await buyer.reload()
  await buyer.getByText('The answers are sealed').waitFor()
  const enter = async (name: string, prices: [string, string], lead: string) => {
    await buyer.getByRole('button', { name: `Enter the answer of ${name}` }).click()
    const form = buyer.getByRole('form', { name: `Answer of ${name}` })
    const chair = form.getByRole('group', { name: 'Meeting chair' })
    await chair.getByLabel('Unit price excl. tax').fill(prices[0])
    await chair.getByLabel('Lead time (days)').fill(lead)
    await form
      .getByRole('group', { name: 'Meeting table' })
      .getByLabel('Unit price excl. tax')
      .fill(prices[1])
    await form.getByRole('button', { name: 'Save the answer' }).click()
    await buyer.getByText(`The answer of ${name} is saved.`).waitFor()
  }
  await enter('SafeWork Équipements', ['79.50', '700'], '15')
  await enter('Paper & Co', ['90', '610'], '30')
  await buyer.getByRole('button', { name: 'Close the answers' }).click()
  await buyer.getByRole('dialog').getByRole('button', { name: 'Close the answers' }).click()
  await buyer.getByText(`${code} closed: compare the answers.`).waitFor()

  // The comparison: OfficePro is cheapest for the whole; SafeWork for chairs, Paper & Co for tables.
  await buyer.getByText('Cheapest for the whole request: OfficePro Supplies.').waitFor()
  expect(await buyer.getByLabel('Award “Meeting chair” to').inputValue()).not.toBe('')
  expect(
    await buyer
      .getByLabel('Award “Meeting chair” to')
      .evaluate((e) => (e as HTMLSelectElement).selectedOptions[0]?.text),
  ).toBe('SafeWork Équipements')
  expect(
    await buyer
      .getByLabel('Award “Meeting table” to')
      .evaluate((e) => (e as HTMLSelectElement).selectedOptions[0]?.text),
  ).toBe('Paper & Co')
  expect(await accessibilityViolations(buyer)).toEqual([])
  await buyer.screenshot({ path: join(OUTPUT, 'rfq-comparison.png'), fullPage: true })
  // Paper & Co is still a prospect: it may quote, not be ordered from.
  const award = buyer.getByRole('button', { name: 'Award and make the draft orders' })
  await award.click()
  await buyer.getByText('Supplier Paper & Co is not active.').waitFor()
  await buyer.getByLabel('Award “Meeting table” to').selectOption({ label: 'OfficePro Supplies' })
  await award.click()
  await buyer.getByText('This award is not the cheapest: give the reason for choosing it.').waitFor()
  await buyer
    .getByLabel('Reason for the award')
    .fill('Paper & Co is not approved yet; OfficePro delivers with the chairs.')
  await award.click()
  await buyer.getByText(new RegExp(`${code} awarded: draft orders PO-`)).waitFor()
  await buyer.getByRole('heading', { name: 'Orders made by the award' }).waitFor()
  const orders = buyer.getByRole('listitem').filter({ hasText: /PO-\d{4}-\d{5}/ })
  expect(await orders.count()).toBe(2)
  await orders.filter({ hasText: 'SafeWork' }).getByRole('link').click()
  await buyer.getByRole('heading', { level: 1 }).filter({ hasText: /PO-/ }).waitFor()
  await buyer
    .getByRole('definition')
    .filter({ hasText: `from ${code}` })
    .waitFor()
  await buyer
    .getByRole('row', { name: /Meeting chair/ })
    .getByText('79.50')
    .first()
    .waitFor()
  // The two refused awards are the only errors the pages met.
  expect(pageErrors(buyer).filter((e) => !(e.includes('/award') && e.includes('status of 422')))).toEqual([])
  expect(pageErrors(supplier)).toEqual([])
})

cspTest(file)
