import setupPostgres from '@procura/api/testing/pg-global-setup'
import { listsScenario } from './scenarios/lists'
const pick = (r: Awaited<ReturnType<typeof listsScenario>>) => ({ articles: r.articles, words: r.articles_by_words })
console.log('sqlite', JSON.stringify(pick(await listsScenario(100_000, 2_000, 40)), null, 1))
const teardown = await setupPostgres()
try { console.log('pg', JSON.stringify(pick(await listsScenario(100_000, 2_000, 40)), null, 1)) } finally { await teardown() }
process.exit(0)
