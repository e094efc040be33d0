import setup from './src/testing/pg-global-setup'
import fixtures from './src/testing/fixtures-global-setup'
let t = performance.now()
const f = await fixtures()
console.log('sqlite fixtures', Math.round(performance.now() - t)); t = performance.now()
const done = await setup()
console.log('pg setup', Math.round(performance.now() - t))
await done(); await (f as any)?.()
