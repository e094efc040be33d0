import { Children, type ComponentType, isValidElement, lazy, type ReactNode, Suspense, useState } from 'react'
import type { RouteObject } from 'react-router'

type Load = () => Promise<{ default: ComponentType }>
/** A page component whose code can be asked for before it renders. */
export type OnDemandPage = ComponentType & { preload: Load }

/**
 * A page loaded on demand, with a status line while its script arrives. Its loader is kept: the
 * page's code starts loading with its texts (withTexts), and after sign-in every page's code loads
 * in the background when the reader's menu leads to it (preloadPages), so a click waits only for
 * the page's data.
 */
export const onDemand = (load: Load): OnDemandPage => {
  // Once its code is here, a page renders straight away: through React.lazy it would suspend
  // even then, and React holds a revealed boundary up to 300 ms before it shows (and before the
  // page asks for its data).
  let loaded: ComponentType | null = null
  const preload: Load = () =>
    load().then((module) => {
      loaded = module.default
      return module
    })
  const Page = lazy(preload)
  const Shown = () => {
    // Decided once per mount, so a page never changes branch (and loses its state) mid-life.
    const [Ready] = useState(() => loaded)
    return Ready !== null ? (
      <Ready />
    ) : (
      <Suspense fallback={<p role="status">…</p>}>
        <Page />
      </Suspense>
    )
  }
  return Object.assign(Shown, { preload })
}

/** The pages' loaders under each first segment of a path ('needs': the requests' list, page and form). */
const areas = new Map<string, Load[]>()

/**
 * Records which pages each area of the route table holds (the shell's children, walked when the
 * table is built; a table built again replaces them), so the pages a reader's menu leads to can load ahead of a click.
 */
export const recordAreas = (children: readonly RouteObject[]) => {
  // The table recorded last is the one the app serves (a test may build several).
  areas.clear()
  for (const route of children) {
    const area = route.path?.split('/')[0]
    if (!area) continue
    const loads = areas.get(area) ?? []
    collectLoads(route, loads)
    areas.set(area, loads)
  }
}

const collectLoads = (route: RouteObject, into: Load[]) => {
  loadsIn(route.element, into)
  for (const child of route.children ?? []) collectLoads(child, into)
}

const loadsIn = (node: ReactNode, into: Load[]) =>
  Children.forEach(node, (child) => {
    if (!isValidElement(child)) return
    const preload = (child.type as Partial<OnDemandPage>).preload
    if (typeof preload === 'function' && !into.includes(preload)) into.push(preload)
    loadsIn((child.props as { children?: ReactNode }).children, into)
  })

/** The loaders of the pages under these links ('/needs', '/suppliers/4?tab=documents'), in order, once each. */
export const loadsUnder = (links: readonly string[]): Load[] => [
  ...new Set(links.flatMap((link) => areas.get(link.replace(/^\//, '').split(/[/?]/)[0] ?? '') ?? [])),
]

/**
 * Loads the code of the pages the reader's menu leads to, one after the other, when the browser
 * is idle (each `import()` runs once; a page already loaded costs nothing). Started by the shell
 * once its menu is known: a requester's phone does not fetch the administration's screens.
 */
export const preloadPages = async (links: readonly string[], idle: (run: () => void) => void = whenIdle) => {
  for (const load of loadsUnder(links)) {
    await new Promise<void>((done) => idle(done))
    await load().catch(() => undefined)
  }
}

const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(() => run(), { timeout: 2000 })
    : setTimeout(run, 50)
