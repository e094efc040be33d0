import axe from 'axe-core'

/** axe runs one audit at a time per page: each waits for the one before it, finished or failed. */
let previous: Promise<unknown> = Promise.resolve()

/**
 * The serious and critical accessibility violations axe finds in a rendered component, as
 * "rule: target" lines. jsdom draws nothing: rules that need layout (colour contrast) are left to
 * the browser tests, which run axe on every page of the demo. Audits run one after the other, so
 * a test that timed out while axe ran does not fail the next ones with "Axe is already running".
 */
export const axeViolations = (container: Element): Promise<string[]> => {
  const audit = previous.then(
    () => run(container),
    () => run(container),
  )
  previous = audit.catch(() => undefined)
  return audit
}

const run = async (container: Element): Promise<string[]> => {
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  })
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))
}
