import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { renderErrorCatalogue } from './error-catalogue-doc'

const target = fileURLToPath(new URL('../docs/domain/error-catalogue.md', import.meta.url))
writeFileSync(target, renderErrorCatalogue())
console.log(`Wrote ${target}`)
