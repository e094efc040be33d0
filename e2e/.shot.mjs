import { chromium } from 'playwright-core'

const [url, out, login, width] = process.argv.slice(2)
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
const page = await browser.newPage({
  viewport: { width: Number(width ?? 1366), height: 900 },
  locale: 'en-GB',
})
const base = new URL(url).origin
await page.goto(`${base}/app/login`)
await page.getByLabel('Login').fill(login)
await page.getByLabel('Password').fill('Demo1234!')
await page.getByRole('button', { name: 'Sign in' }).click()
await page.waitForURL((u) => !u.pathname.endsWith('/login'))
await page.goto(url)
await page.waitForTimeout(1500)
await page.screenshot({ path: out, fullPage: true })
await browser.close()
