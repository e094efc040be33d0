import { composeStories } from '@storybook/react-vite'
import { render } from '@testing-library/react'
import { expect, test } from 'vitest'
import { playStory } from '../testing/play'
import { Icon } from './icon'
import * as stories from './icon.stories'

const { All } = composeStories(stories)

test('the sheet draws every icon, hidden from assistive technology', async () => {
  const { container } = render(<All />)
  await playStory(All, container)
})

test('an unknown name draws a neutral dot rather than nothing', () => {
  const { container } = render(<Icon name="no-such-icon" />)
  expect(container.querySelector('svg')).not.toBeNull()
})
