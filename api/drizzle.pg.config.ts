import { defineConfig } from 'drizzle-kit'

/** PostgreSQL's migrations, generated from the tables derived in src/db/pg-schema.ts. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/pg-schema.ts',
  out: './src/db/migrations-pg',
})
