import { expect, test } from 'vitest'
import { ssoIdentity, ssoOutcome } from './sso'

test('matched by e-mail: a verified or unflagged e-mail is the key, lower-cased; none or unverified is refused', () => {
  expect(ssoIdentity({ sub: '1', email: 'Ana@Acme.example', name: 'Ana Ruiz' }, 'email')).toEqual({
    ok: true,
    value: {
      by: 'email',
      key: 'ana@acme.example',
      email: 'Ana@Acme.example',
      login: 'Ana@Acme.example',
      label: 'Ana Ruiz',
    },
  })
  expect(ssoIdentity({ sub: '1' }, 'email')).toEqual({
    ok: false,
    error: { code: 'SSO_NO_IDENTITY', params: { claim: 'email' } },
  })
  expect(ssoIdentity({ sub: '1', email: 'a@b.c', email_verified: false }, 'email').ok).toBe(false)
})

test('matched by login: the provider’s preferred_username is the key', () => {
  expect(ssoIdentity({ sub: '1', preferred_username: 'ARuiz', email: 'a@b.c' }, 'login')).toMatchObject({
    ok: true,
    value: { by: 'login', key: 'aruiz', login: 'ARuiz', label: 'ARuiz' },
  })
  expect(ssoIdentity({ sub: '1', email: 'a@b.c' }, 'login').ok).toBe(false)
})

test('a found user signs in if active; an unknown one is created only when the setting says so', () => {
  expect(ssoOutcome({ id: 4, active: true }, false)).toEqual({ ok: true, value: { userId: 4 } })
  expect(ssoOutcome({ id: 4, active: false }, true)).toEqual({
    ok: false,
    error: { code: 'ACCOUNT_INACTIVE' },
  })
  expect(ssoOutcome(null, false)).toEqual({ ok: false, error: { code: 'SSO_UNKNOWN_USER' } })
  expect(ssoOutcome(null, true)).toEqual({ ok: true, value: { create: true } })
})
