import axe from 'axe-core'

/**
 * The serious and critical accessibility violations axe finds in a rendered component, as
 * "rule: target" lines. jsdom draws nothing: rules that need layout (colour contrast) are left to
 * the browser tests, which run axe on every page of the demo.
 */
export const axeViolations = async (container: Element): Promise<string[]> => {
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  })
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))
}
