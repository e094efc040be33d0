// The entry of the compiled command (`npm run build:server` bundles it into dist/server/procura.mjs,
// which `npm start` runs with plain node: no TypeScript compiler at runtime).
import { main } from './main'

process.exitCode = await main(process.argv)
