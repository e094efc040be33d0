import { composeStories } from '@storybook/react-vite'
import { render } from '@testing-library/react'
import { expect, test } from 'vitest'
import { axeViolations } from '../testing/axe'
import { playStory } from '../testing/play'
import * as stories from './table.stories'

const { Lines, Empty, WithFooter } = composeStories(stories)

test.each([
  ['Lines', Lines],
  ['Empty', Empty],
  ['WithFooter', WithFooter],
])('the %s story’s play, and no accessibility violation', async (_, Story) => {
  const { container } = render(<Story />)
  await playStory(Story, container)
  expect(await axeViolations(container)).toEqual([])
})
