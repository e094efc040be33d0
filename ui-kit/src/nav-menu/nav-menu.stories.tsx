import type { Meta, StoryObj } from '@storybook/react-vite'
import { NavMenu } from './nav-menu'

const meta = {
  title: 'Layout/NavMenu',
  component: NavMenu,
  args: {
    items: [
      { text: 'Dashboard', icon: 'home', link: '/' },
      {
        text: 'Administration',
        icon: 'settings',
        link: '/config',
        subtree: [
          { text: 'Users', icon: 'users', link: '/users' },
          { text: 'Roles', icon: 'shield', link: '/roles' },
        ],
      },
    ],
    renderLink: (item) => <a href={`#${item.link}`}>{item.text}</a>,
  },
} satisfies Meta<typeof NavMenu>

export default meta
type Story = StoryObj<typeof meta>

export const Admin: Story = {}
export const Requester: Story = { args: { items: [{ text: 'Dashboard', icon: 'home', link: '/' }] } }
