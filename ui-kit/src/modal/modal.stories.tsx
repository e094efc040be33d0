import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { Modal } from './modal'

const meta = {
  title: 'Overlays/Modal',
  component: Modal,
  args: {
    title: 'Purchase order PO-2026-00042',
    open: true,
    onClose: fn(),
    closeLabel: 'Close',
    children: <p>Sent to Acme on 21/11/2026.</p>,
  },
} satisfies Meta<typeof Modal>

export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {}
export const Large: Story = { args: { size: 'large' } }
export const Closed: Story = { args: { open: false } }
