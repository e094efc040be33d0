import { chromium } from 'playwright-core'

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
})
const [login, path, out] = process.argv.slice(2)
const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } })
const msgs = []
page.on('console', (m) => {
  if (m.type() === 'error') msgs.push(m.text())
})
await page.goto('http://localhost:8765/app/login')
await page.getByRole('textbox', { name: 'Login' }).fill(login)
await page.getByLabel('Password').fill('Demo1234!')
await page.getByRole('button', { name: 'Sign in' }).click()
await page.getByRole('navigation').first().waitFor()
await page.goto('http://localhost:8765' + path)
await page.waitForTimeout(2500)
await page.screenshot({ path: out, fullPage: true })
console.log(msgs.join('\n'))
await browser.close()
