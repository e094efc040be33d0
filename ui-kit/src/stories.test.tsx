import { composeStories } from '@storybook/react-vite'
import { cleanup, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, expect, test } from 'vitest'
import { axeViolations } from './testing/axe'

/** Every story of the kit, rendered as Storybook renders it: it plays, and axe finds nothing serious. */
const files = import.meta.glob<Record<string, unknown>>('./**/*.stories.tsx', { eager: true })
type Composed = ((props: object) => ReactNode) & {
  play?: (context: { canvasElement: HTMLElement }) => Promise<void> | void
}
const stories = Object.entries(files).flatMap(([file, module]) =>
  Object.entries(composeStories(module as Parameters<typeof composeStories>[0])).map(
    ([name, Story]) =>
      [`${file.replace('./', '').replace('.stories.tsx', '')} ${name}`, Story as Composed] as const,
  ),
)
afterEach(cleanup)

test('the kit has stories', () => {
  expect(stories.length).toBeGreaterThan(30)
})

test.each(stories)('%s: plays, with no serious accessibility violation', async (_, Story) => {
  const { container } = render(<Story />)
  await Story.play?.({ canvasElement: container })
  expect(await axeViolations(document.body)).toEqual([])
})
