import { generateKeyPairSync } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

/** A person the test provider knows: their login (the account id) and the claims it gives. */
export type TestPerson = { login: string; email?: string; name?: string; email_verified?: boolean }

export type TestProvider = {
  issuer: string
  clientId: string
  clientSecret: string
  close: () => Promise<void>
}

/**
 * A real OpenID Connect provider (the oidc-provider package, its development sign-in pages) on a
 * free port of this machine, with one confidential client whose redirect URI is `callback`, PKCE
 * required. Its sign-in page takes any login present in `people`.
 */
export const startOidcProvider = async (callbacks: string[], people: TestPerson[]): Promise<TestProvider> => {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clientId = 'procura'
  const clientSecret = 'procura-test-secret-0123456789abcdef'
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: callbacks,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    // Its own signing key (not the package's development one).
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          kid: 'test',
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    cookies: { keys: ['procura-test-provider-cookie-key'] },
    findAccount: (_ctx, id) => {
      const person = people.find((p) => p.login === id)
      if (person === undefined) return undefined
      const email =
        person.email === undefined
          ? {}
          : { email: person.email, email_verified: person.email_verified ?? true }
      const name = person.name === undefined ? {} : { name: person.name }
      return {
        accountId: id,
        claims: () => ({ sub: id, preferred_username: person.login, ...email, ...name }),
      }
    },
  })
  server.on('request', provider.callback())
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
