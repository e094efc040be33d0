import { expect, test } from 'vitest'
import { accessibilityViolations, browserFile, cspTest, pageErrors, signInAs } from './browser'

/** A supplier's contracts and its monitoring, on the demo's year (its supplier records and documents). */
const file = browserFile({ PROCURA_DEMO: '1' })

test('a contract keeps its signed copy; the monitoring tab shows which objectives a supplier misses', async () => {
  const buyer = await signInAs(file.browser, file.server, 'buyer', { at: '/app/suppliers' })
  await buyer.getByRole('link', { name: 'OFFICEPRO', exact: true }).click()
  await buyer.getByRole('tab', { name: 'Contracts' }).click()
  await buyer.getByRole('button', { name: '0 files — Office supplies framework' }).click()
  const dialog = buyer.getByRole('dialog', { name: 'Files of Office supplies framework' })
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'framework-signed.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 signed framework agreement'),
  })
  await dialog.getByRole('button', { name: 'Attach the file' }).click()
  await dialog.getByRole('link', { name: 'framework-signed.pdf' }).waitFor()
  expect(await accessibilityViolations(buyer)).toEqual([])
  await dialog.getByRole('button', { name: 'Close' }).click()
  await buyer.getByRole('button', { name: '1 file — Office supplies framework' }).waitFor()

  await buyer.goto(`${file.server.url}/app/suppliers`)
  await buyer.getByRole('link', { name: 'SAFEWORK', exact: true }).click()
  await buyer.getByRole('tab', { name: 'Monitoring' }).click()
  const objectives = buyer.getByRole('table', { name: 'Figures against their objectives' })
  await objectives.getByRole('row', { name: /Months without lost-time accident.*Below/ }).waitFor()
  await buyer.getByText('Below its objectives', { exact: false }).waitFor()
  expect(await accessibilityViolations(buyer)).toEqual([])
  expect(pageErrors(buyer)).toEqual([])
})

cspTest(file)
