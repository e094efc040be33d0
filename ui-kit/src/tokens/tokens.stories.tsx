import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { TOKENS, TokenSheet } from './tokens'

/** Procura's design tokens (ui-kit/src/styles.css): colour, space, type, shape and depth; the dark theme redefines the same names. */
const meta = {
  title: 'Foundations/Tokens',
  component: TokenSheet,
  tags: ['autodocs'],
} satisfies Meta<typeof TokenSheet>
export default meta
type Story = StoryObj<typeof meta>

export const Light: Story = {
  play: async ({ canvasElement }) => {
    const names = [...canvasElement.querySelectorAll('code')].map((c) => c.textContent)
    await expect(names).toHaveLength(Object.values(TOKENS).flat().length)
  },
}

export const Dark: Story = {
  decorators: [
    (Story) => {
      document.documentElement.dataset.theme = 'dark'
      return <Story />
    },
  ],
}
