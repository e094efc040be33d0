import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { Button, ButtonLink } from './button'

const meta = {
  title: 'Actions/Button',
  component: Button,
  args: { children: 'Validate', onClick: fn() },
} satisfies Meta<typeof Button>

export default meta
type Story = StoryObj<typeof meta>

export const Primary: Story = {}
export const Secondary: Story = { args: { variant: 'secondary', children: 'Cancel' } }
export const Danger: Story = { args: { variant: 'danger', children: 'Delete' } }
export const Ghost: Story = { args: { variant: 'ghost', children: 'Show more' } }
export const Small: Story = { args: { size: 'small', children: 'Edit' } }
export const Loading: Story = { args: { loading: true, children: 'Sending…' } }
export const Disabled: Story = { args: { disabled: true } }

/** A link drawn as a button: "New order", "Import", "Edit" open another page. */
export const AsLink: Story = {
  args: { children: 'New order' },
  render: () => (
    <ButtonLink href="#new" variant="primary">
      New order
    </ButtonLink>
  ),
}
