import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { StatusBadge } from '../status-badge/status-badge'
import { Breadcrumbs, PageFrame } from './page-frame'

const meta = {
  title: 'Layout/PageFrame',
  component: PageFrame,
  parameters: { layout: 'fullscreen' },
  args: {
    brand: 'Procura',
    menuLabel: 'Main menu',
    onMenuToggle: fn(),
    headerEnd: <StatusBadge status="awaiting" label="Test environment" />,
    menu: (
      <ul>
        <li>
          <a href="#needs">Needs</a>
        </li>
        <li>
          <a href="#orders">Purchase orders</a>
        </li>
      </ul>
    ),
    breadcrumbs: (
      <Breadcrumbs
        label="Breadcrumbs"
        items={[
          { label: 'Home', href: '#' },
          { label: 'Purchase orders', href: '#orders' },
          { label: 'PO-2026-0042' },
        ]}
      />
    ),
    aside: <p>Validation circuit</p>,
    footer: 'Procura 0.1.0',
    children: <h1>PO-2026-0042</h1>,
  },
} satisfies Meta<typeof PageFrame>

export default meta
type Story = StoryObj<typeof meta>

export const Full: Story = {}
export const MenuCollapsed: Story = { args: { defaultMenuCollapsed: true } }
export const WithoutMenuOrAside: Story = {
  args: { menu: undefined, aside: undefined, breadcrumbs: undefined, children: <h1>Sign in</h1> },
}
