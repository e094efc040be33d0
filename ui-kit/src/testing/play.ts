/** A composed story, as composeStories gives it. */
type Playable = { play?: (context: { canvasElement: HTMLElement }) => Promise<void> | void }

/**
 * Plays a story's play function in `canvasElement`, as Storybook does. A test that names a story
 * for its play fails when the play is gone, rather than passing on nothing.
 */
export const playStory = async (story: Playable, canvasElement: HTMLElement): Promise<void> => {
  if (story.play === undefined)
    throw new Error('This story has no play function: the test has nothing to play.')
  await story.play({ canvasElement })
}
