import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { MenuButton } from './menu-button'

const meta = {
  title: 'Actions/MenuButton',
  component: MenuButton,
  args: {
    label: 'Actions: PO-2026-00042',
    children: '⋯',
    items: [
      { key: 'send', label: 'Send', onSelect: fn() },
      { key: 'suspend', label: 'Suspend', onSelect: fn() },
    ],
  },
} satisfies Meta<typeof MenuButton>

export default meta
type Story = StoryObj<typeof meta>

export const RowActions: Story = {}
export const Empty: Story = { args: { items: [] } }
