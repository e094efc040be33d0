import { expect, test } from 'vitest'
import { playStory } from './play'

test('a story is played in its canvas; a story without a play fails the test that names it', async () => {
  const canvas = document.createElement('div')
  const played: HTMLElement[] = []
  await playStory({ play: ({ canvasElement }) => void played.push(canvasElement) }, canvas)
  expect(played).toEqual([canvas])
  await expect(playStory({}, canvas)).rejects.toThrow('no play function')
})
