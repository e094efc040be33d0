import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '../button/button'
import { ToastProvider, useToasts } from './toasts'

const Trigger = () => {
  const toasts = useToasts()
  return (
    <>
      <Button onClick={() => toasts.show('success', 'Preferences saved.')}>Save</Button>
      <Button variant="danger" onClick={() => toasts.show('error', 'Stock exceeded by 3 unit(s)')}>
        Take out
      </Button>
    </>
  )
}

const meta = {
  title: 'Feedback/Toasts',
  component: ToastProvider,
  args: { dismissLabel: 'Dismiss', duration: 0, children: <Trigger /> },
} satisfies Meta<typeof ToastProvider>

export default meta
type Story = StoryObj<typeof meta>

export const Toasts: Story = {}
