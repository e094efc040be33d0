import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { ReasonDialog } from './reason-dialog'

const meta = {
  title: 'Overlays/ReasonDialog',
  component: ReasonDialog,
  args: {
    open: true,
    title: 'Refuse PO-2026-00012?',
    message: 'The buyer is told at once, with your reason.',
    label: 'Why do you refuse?',
    confirmLabel: 'Refuse',
    cancelLabel: 'Cancel',
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ReasonDialog>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}
export const Refused: Story = {
  args: { errors: ['Say why you refuse (at least 3 characters): the author reads it.'] },
}
