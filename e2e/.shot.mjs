import { chromium } from 'playwright-core'

const [, , login, path, out, width = '1366', extra = ''] = process.argv
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
const page = await (
  await browser.newContext({ locale: 'en-GB', viewport: { width: Number(width), height: 900 } })
).newPage()
const errors = []
page.on('console', (m) => {
  if (m.type() === 'error') errors.push(m.text())
})
await page.goto('http://localhost:8090/app/login')
await page.getByRole('textbox', { name: 'Login' }).fill(login)
await page.getByLabel('Password').fill('Demo1234!')
await page.getByRole('button', { name: 'Sign in' }).click()
await page.getByRole('navigation').first().waitFor()
await page.goto(`http://localhost:8090/app${path}`)
await page.waitForTimeout(2500)
if (extra) await eval(extra)
await page.screenshot({ path: out, fullPage: true })
console.log('errors', errors)
await browser.close()
