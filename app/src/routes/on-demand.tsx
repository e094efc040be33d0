import { type ComponentType, lazy, Suspense, useState } from 'react'

type Load = () => Promise<{ default: ComponentType }>
/** A page component whose code can be asked for before it renders. */
export type OnDemandPage = ComponentType & { preload: Load }

const loaders: Load[] = []

/**
 * A page loaded on demand, with a status line while its script arrives. Its loader is kept: the
 * page's code starts loading with its texts (withTexts), and after sign-in every page's code loads
 * in the background (preloadPages), so a click waits only for the page's data.
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
  loaders.push(preload)
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

/**
 * Loads every on-demand page's code, one after the other, when the browser is idle (each `import()`
 * runs once; a page already loaded costs nothing). Started by the shell after it shows.
 */
export const preloadPages = async (idle: (run: () => void) => void = whenIdle) => {
  for (const load of loaders) {
    await new Promise<void>((done) => idle(done))
    await load().catch(() => undefined)
  }
}

const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(() => run(), { timeout: 2000 })
    : setTimeout(run, 50)
