import { expect, test } from 'vitest'
import { loadConfig, normaliseBasePath } from './config'

test('defaults are the brief’s', () => {
  const config = loadConfig({})
  expect(config).toMatchObject({
    port: 8080,
    databaseUrl: 'file:./data/procura.db',
    basePath: '/app',
    wsPort: 6001,
    demo: true,
    smtpUrl: undefined,
    statusPushEveryMs: 15_000,
    noticesEveryMs: 5_000,
  })
  expect(config.appDist).toMatch(/app\/dist$/)
})

test('variables override the defaults', () => {
  const config = loadConfig({
    PORT: '9000',
    PROCURA_DATABASE_URL: 'file:/tmp/x.db',
    BASE_PATH: 'buy/',
    WS_PORT: '7001',
    PROCURA_DEMO: '0',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PROCURA_STATUS_PUSH_MS: '500',
    PROCURA_NOTICES_MS: '250',
  })
  expect(config).toMatchObject({
    port: 9000,
    databaseUrl: 'file:/tmp/x.db',
    basePath: '/buy',
    wsPort: 7001,
    demo: false,
    smtpUrl: 'smtp://127.0.0.1:2525',
    statusPushEveryMs: 500,
    noticesEveryMs: 250,
  })
})

test.each([
  ['/app', '/app'],
  ['app', '/app'],
  ['/app/', '/app'],
  ['/', ''],
  ['', ''],
])('base path %j is normalised to %j', (input, expected) => {
  expect(normaliseBasePath(input)).toBe(expected)
})

test('a port that is not a number is refused with a message naming the variable', () => {
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be a port number')
  expect(() => loadConfig({ WS_PORT: '70000' })).toThrow('WS_PORT must be a port number')
})

test('a push period that is not a number of milliseconds is refused with a message naming the variable', () => {
  expect(() => loadConfig({ PROCURA_STATUS_PUSH_MS: 'often' })).toThrow('PROCURA_STATUS_PUSH_MS must be')
  expect(() => loadConfig({ PROCURA_STATUS_PUSH_MS: '10' })).toThrow('PROCURA_STATUS_PUSH_MS must be')
})
