import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { ActionsToDo, EnvBadge, ServerMessages, UserMenu } from './header'

const getBack = fn()
const profile = fn()
const logout = fn()

const meta = {
  title: 'Layout/Header parts',
  component: UserMenu,
  args: {
    label: 'Rita Requester',
    menuLabel: 'User menu',
    items: [
      { key: 'profile', label: 'Profile', onSelect: profile },
      { key: 'logout', label: 'Sign out', onSelect: logout },
    ],
  },
} satisfies Meta<typeof UserMenu>

export default meta
type Story = StoryObj<typeof meta>

export const SignedIn: Story = {}
export const Impersonating: Story = {
  args: {
    realUserLabel: 'Alice Admin',
    items: [
      { key: 'get-back', label: 'Get back as Alice Admin', onSelect: getBack },
      { key: 'profile', label: 'Profile', onSelect: profile },
      { key: 'logout', label: 'Sign out', onSelect: logout },
    ],
  },
}
export const Environment: Story = {
  render: () => <EnvBadge env={{ type: 'test', text: 'Test environment' }} />,
}
export const Production: Story = { render: () => <EnvBadge env={null} /> }
export const Messages: Story = {
  render: () => <ServerMessages messages={[{ type: 'warning', body: 'Inventory on Friday' }]} />,
}
export const Actions: Story = {
  render: () => (
    <ActionsToDo
      label="To do"
      count={3}
      emptyText="Nothing to do."
      actions={[{ label: 'Orders to validate', link: '/orders?to-validate', count: 3 }]}
      renderLink={(a) => <a href={a.link}>{a.label}</a>}
    />
  ),
}
export const NoActions: Story = {
  render: () => (
    <ActionsToDo label="To do" count={0} emptyText="Nothing to do." actions={[]} renderLink={() => null} />
  ),
}
