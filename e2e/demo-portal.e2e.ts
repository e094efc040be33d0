import { expect, test } from 'vitest'
import { signInAs } from './browser'
import { demoWalks } from './demo-walks'

// Finance, the requester, the validator (in French) and the supplier's contact in its portal.
demoWalks(['finance', 'requester', 'validator', 'supplier'], (file) => {
  test('the supplier’s menu holds its portal only', async () => {
    const page = await signInAs(file.browser, file.server, 'supplier')
    // The menu arrives from the server after the page: wait for it before reading it.
    await page.getByRole('navigation').first().getByRole('link', { name: 'Deliveries' }).waitFor()
    const links = await page.getByRole('navigation').first().getByRole('link').allTextContents()
    expect(links.map((l) => l.trim())).toEqual([
      'Dashboard',
      'Purchase orders',
      'Requests for quotation',
      'Deliveries',
      'Our documents',
    ])
    await page.context().close()
  })
})
