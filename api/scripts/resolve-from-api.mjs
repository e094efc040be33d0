// drizzle-orm sits in api/node_modules (npm cannot hoist it: its optional react-native peers
// clash with the app's React), while drizzle-kit sits at the root and loads drizzle-orm from
// there, with both import() and require(). This preload lets both find the api's copy.
import Module, { register } from 'node:module'
import { fileURLToPath } from 'node:url'

const apiModules = fileURLToPath(new URL('../node_modules', import.meta.url))

// require(): add api/node_modules to the global search paths.
process.env.NODE_PATH = [apiModules, process.env.NODE_PATH].filter(Boolean).join(':')
Module._initPaths()

// import(): resolve drizzle-orm as if imported from the api package.
register(
  'data:text/javascript,' +
    encodeURIComponent(`
      const api = ${JSON.stringify(new URL('../package.json', import.meta.url).href)}
      export async function resolve(specifier, context, next) {
        if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
          return next(specifier, { ...context, parentURL: api })
        }
        return next(specifier, context)
      }
    `),
)
