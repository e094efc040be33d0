import { isValidElement, type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { AreaNamespace } from './namespaces'

/**
 * Shows a route once the texts of the areas it uses are loaded (their chunks, in the reader's
 * language only), with a status line meanwhile: an area's texts travel with its routes, never with
 * the first page.
 */
export const AreaTexts = ({ ns, children }: { ns: readonly AreaNamespace[]; children: ReactNode }) => {
  const { ready } = useTranslation([...ns], { useSuspense: false })
  // The page's code loads with its texts, not after them.
  const preload = isValidElement(children)
    ? (children.type as { preload?: () => Promise<unknown> }).preload
    : undefined
  useEffect(() => {
    void preload?.().catch(() => undefined)
  }, [preload])
  return ready ? children : <p role="status">…</p>
}

/** A route's element with the area texts it needs. */
export const withTexts = (ns: readonly AreaNamespace[], element: ReactNode) => (
  <AreaTexts ns={ns}>{element}</AreaTexts>
)
