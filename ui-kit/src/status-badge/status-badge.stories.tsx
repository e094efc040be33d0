import type { Meta, StoryObj } from '@storybook/react-vite'
import { StatusBadge } from './status-badge'

const meta = {
  title: 'Display/StatusBadge',
  component: StatusBadge,
  args: { status: 'draft', label: 'Draft' },
} satisfies Meta<typeof StatusBadge>

export default meta
type Story = StoryObj<typeof meta>

export const Draft: Story = {}
export const Awaiting: Story = { args: { status: 'awaiting', label: 'Awaiting validation' } }
export const Validated: Story = { args: { status: 'validated', label: 'Validated' } }
export const Suspended: Story = { args: { status: 'suspended', label: 'Suspended' } }
export const Refused: Story = { args: { status: 'refused', label: 'Refused' } }
export const French: Story = { args: { status: 'sent', label: 'Envoyée' } }
