import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { composeStories } from '@storybook/react-vite'
import { render } from '@testing-library/react'
import { expect, test } from 'vitest'
import { playStory } from '../testing/play'
import { TOKENS } from './tokens'
import * as stories from './tokens.stories'

const { Light } = composeStories(stories)
// Read from the disk: the test environment gives style sheets no text.
const css = readFileSync(join(__dirname, '..', 'styles.css'), 'utf8')
const declared = (block: string) => new Set([...block.matchAll(/--pc-([a-z0-9-]+):/g)].map((m) => m[1]))

test('the docs page shows every token styles.css declares, and nothing it does not', async () => {
  const { container } = render(<Light />)
  await playStory(Light, container)
  const root = css.slice(css.indexOf(':root {'), css.indexOf('}', css.indexOf(':root {')))
  expect(new Set(Object.values(TOKENS).flat())).toEqual(declared(root))
})

test('the dark theme redefines every colour token', () => {
  const start = css.indexOf(':root[data-theme="dark"] {')
  const dark = declared(css.slice(start, css.indexOf('}', start)))
  for (const name of TOKENS.colour) expect(dark, name).toContain(name)
})
