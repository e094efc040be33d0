import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { ICONS, Icon } from './icon'

const meta = {
  title: 'Foundations/Icons',
  component: Icon,
  args: { name: 'truck' },
} satisfies Meta<typeof Icon>
export default meta
type Story = StoryObj<typeof meta>

/** Every icon of the set, with its name. */
export const All: Story = {
  render: () => (
    <ul className="pc-icon-sheet">
      {Object.keys(ICONS).map((name) => (
        <li key={name}>
          <Icon name={name} size={20} /> <code>{name}</code>
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const icons = canvasElement.querySelectorAll('svg[aria-hidden="true"]')
    await expect(icons.length).toBe(Object.keys(ICONS).length)
    await expect(within(canvasElement).getByText('truck')).toBeInTheDocument()
  },
}
