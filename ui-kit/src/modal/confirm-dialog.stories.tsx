import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { ConfirmDialog } from './modal'

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: 'Deactivate 2 users?',
    message: 'They will not be able to sign in any more.',
    confirmLabel: 'Deactivate',
    cancelLabel: 'Cancel',
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>

export default meta
type Story = StoryObj<typeof meta>

export const Destructive: Story = {}
export const Neutral: Story = { args: { danger: false, title: 'Send the order?', confirmLabel: 'Send' } }
