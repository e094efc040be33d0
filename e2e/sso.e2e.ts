import { join } from 'node:path'
import { startOidcProvider } from '@procura/api/testing/oidc-provider'
import { expect, test } from 'vitest'
import { browserFile, cspTest, OUTPUT, signInWith } from './browser'

/** Single sign-on: an administrator turns it on, a person signs in through the OpenID provider. */
const file = browserFile()

test('an administrator turns single sign-on on; a person then signs in through the OpenID provider', async () => {
  const provider = await startOidcProvider(
    [`${file.server.url}/sso/callback`],
    [{ login: 'bruno.sso', email: 'buyer@procura.example', name: 'Bruno Buyer' }],
  )
  try {
    const admin = await file.browser.newPage({ locale: 'en-GB' })
    await admin.goto(`${file.server.url}/app/settings?tab=customer`)
    await signInWith(admin, 'admin', 'Demo1234!')
    // (The first test left the administrator working in French.)
    await admin
      .getByRole('banner')
      .getByRole('combobox', { name: /Language|Langue/ })
      .selectOption('en')
    const customer = admin.getByRole('form', { name: 'Customer' })
    await customer.getByLabel('Single sign-on: provider (issuer URL)').fill(provider.issuer)
    await customer.getByLabel('Single sign-on: client id').fill(provider.clientId)
    await customer.getByLabel('Single sign-on: client secret').fill(provider.clientSecret)
    await customer.getByRole('button', { name: 'Save the Customer settings' }).click()
    await admin.getByText('Customer settings saved: they apply at once.').waitFor()
    await admin.getByRole('tab', { name: 'Modules' }).click()
    const modules = admin.getByRole('form', { name: 'Modules' })
    await modules.getByLabel('Single sign-on').check()
    await modules.getByRole('button', { name: 'Save the Modules settings' }).click()
    await admin.getByText('Modules settings saved: they apply at once.').waitFor()

    const person = await file.browser.newPage({ locale: 'en-GB' })
    await person.goto(`${file.server.url}/app/purchase-orders`)
    await person.getByRole('link', { name: 'Sign in with your organisation (single sign-on)' }).click()
    // The provider's own pages: its sign-in, then its consent.
    await person.getByPlaceholder('Enter any login').fill('bruno.sso')
    await person.getByPlaceholder('and password').fill('anything')
    await person.getByRole('button', { name: 'Sign-in' }).click()
    await person.getByRole('button', { name: 'Continue' }).click()
    // Back in Procura, signed in as the buyer found by their e-mail, on the page asked for.
    await person.getByRole('heading', { level: 1, name: 'Purchase orders' }).waitFor()
    expect(new URL(person.url()).pathname).toBe('/app/purchase-orders')
    await person.getByRole('button', { name: 'Bruno Buyer' }).waitFor()
    await person.screenshot({ path: join(OUTPUT, 'sso-signed-in.png'), fullPage: true })

    // Single sign-on off again: the other tests sign in with passwords.
    await modules.getByLabel('Single sign-on').uncheck()
    await modules.getByRole('button', { name: 'Save the Modules settings' }).click()
    await admin.getByText('Modules settings saved: they apply at once.').last().waitFor()
  } finally {
    await provider.close()
  }
})

cspTest(file)
