/**
 * The import graph of Procura's source (tests excluded): fails when a module imports itself
 * through a circle, or when an api module imports from a floor above its own (docs/architecture.md,
 * "Floors"). `npm run imports` runs it; `npm run check` includes it.
 *
 *   tsx scripts/import-graph.ts            check, print circles and upward imports
 *   tsx scripts/import-graph.ts --stats    also print the counts the issue notes give
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = fileURLToPath(new URL('..', import.meta.url))
const PACKAGES = ['core', 'fixtures', 'api', 'cli', 'ui-kit', 'app']

/**
 * The api's floors, lowest first: a module may import from its own floor or a lower one, never
 * from a higher one. The first matching prefix names a module's floor.
 */
export const API_FLOORS: readonly (readonly string[])[] = [
  ['api/src/clock.ts', 'api/src/logger.ts', 'api/src/config.ts'],
  ['api/src/db/'],
  ['api/src/mail/', 'api/src/pdf/', 'api/src/realtime/'],
  ['api/src/services/', 'api/src/auth/'],
  ['api/src/demo/'],
  ['api/src/http/'],
  ['api/src/routes/'],
  ['api/src/app.ts', 'api/src/server.ts', 'api/src/testing/'],
]

const isSource = (path: string) =>
  /\.(ts|tsx)$/.test(path) &&
  !/\.(test|e2e|stories)\.tsx?$/.test(path) &&
  !path.endsWith('.d.ts') &&
  !path.includes('/testing/') &&
  !path.includes('/test-')

const listFiles = () =>
  execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', ...PACKAGES.map((p) => `${p}/src`)],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter(isSource)

const packageExports = new Map<string, Record<string, string>>()
for (const name of PACKAGES) {
  const manifest = JSON.parse(readFileSync(join(root, name, 'package.json'), 'utf8'))
  const exports: Record<string, string> = {}
  for (const [key, target] of Object.entries(manifest.exports ?? {})) {
    const path = typeof target === 'string' ? target : (target as { import?: string }).import
    if (path) exports[key] = normalize(join(name, path))
  }
  packageExports.set(manifest.name, exports)
}

const withExtension = (path: string, files: ReadonlySet<string>) => {
  const bare = path.replace(/\.(js|jsx|ts|tsx)$/, '')
  for (const candidate of [path, `${bare}.ts`, `${bare}.tsx`, `${bare}/index.ts`, `${bare}/index.tsx`]) {
    if (files.has(candidate)) return candidate
  }
  return undefined
}

/** The repository path a specifier names, or undefined for a library outside the repository. */
const resolve = (from: string, specifier: string, files: ReadonlySet<string>) => {
  if (specifier.startsWith('.')) {
    return withExtension(normalize(join(dirname(from), specifier)), files)
  }
  const match = /^(@procura\/[^/]+)(\/.*)?$/.exec(specifier)
  if (!match) return undefined
  const target = match[1] === undefined ? undefined : packageExports.get(match[1])?.[`.${match[2] ?? ''}`]
  return target && existsSync(join(root, target)) ? withExtension(target, files) : undefined
}

/** Each source file's imports (values and types alike: a type circle is a design circle too). */
export const importGraph = () => {
  const files = listFiles()
  const known = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true)
    const targets = info.importedFiles
      .map((imported) => resolve(file, imported.fileName, known))
      .filter((target): target is string => target !== undefined && target !== file)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** The strongly connected components with more than one module (Tarjan's algorithm). */
export const circles = (graph: ReadonlyMap<string, readonly string[]>) => {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next)
    next += 1
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0))
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0))
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string | undefined
      do {
        member = stack.pop()
        if (member === undefined) break
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found
}

const floorOf = (path: string) => API_FLOORS.findIndex((prefixes) => prefixes.some((p) => path.startsWith(p)))

/** Imports from an api module to a module on a higher floor. */
export const upwardImports = (graph: ReadonlyMap<string, readonly string[]>) => {
  const found: string[] = []
  for (const [from, targets] of graph) {
    const floor = floorOf(from)
    if (floor < 0) continue
    for (const target of targets) {
      if (floorOf(target) > floor) found.push(`${from} -> ${target}`)
    }
  }
  return found.sort()
}

const main = () => {
  const graph = importGraph()
  const found = circles(graph)
  const upward = upwardImports(graph)
  for (const component of found) {
    console.log(`import circle (${component.length} modules):\n  ${component.join('\n  ')}`)
  }
  for (const line of upward) console.log(`import up a floor: ${line}`)
  if (process.argv.includes('--stats')) {
    console.log(`${graph.size} modules, ${found.length} import circles, ${upward.length} imports up a floor`)
  }
  if (found.length > 0 || upward.length > 0) {
    console.log(
      'Break the circle or the upward import: move what both sides need to a lower module ' +
        '(docs/architecture.md, "Floors").',
    )
    process.exitCode = 1
  }
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') main()
