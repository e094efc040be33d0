import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { playStory } from '../testing/play'
import { FileDrop } from './file-drop'
import * as stories from './file-drop.stories'

const { Choose, Uploading, Refused } = composeStories(stories)

test.each([
  ['Choose', Choose],
  ['Uploading', Uploading],
  ['Refused', Refused],
])('the %s story’s play', async (_, Story) => {
  const { container } = render(<Story />)
  await playStory(Story, container)
})

test('a file dropped on the zone becomes the input’s file and is named', () => {
  const { container } = render(
    <form>
      <FileDrop label="File" name="file" labels={{ drop: 'Drop here', progress: (p) => `${p} %` }} />
    </form>,
  )
  const file = new File(['<Invoice/>'], 'invoice.xml', { type: 'application/xml' })
  const dropped = { files: [file] as unknown as FileList }
  // jsdom has no FileList to build: the input starts empty and takes the dropped list as is.
  const input = container.querySelector('input[type=file]') as HTMLInputElement
  Object.defineProperty(input, 'files', { configurable: true, writable: true, value: [] })
  fireEvent.drop(screen.getByText('Drop here'), { dataTransfer: dropped })
  expect(input.files?.[0]).toBe(file)
  expect(screen.getByText('invoice.xml')).toBeInTheDocument()
})
