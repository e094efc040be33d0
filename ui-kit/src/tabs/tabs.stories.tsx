import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, within } from 'storybook/test'
import { Tabs, type TabsProps } from './tabs'

const Kept = (props: TabsProps) => {
  const [selected, setSelected] = useState(props.selected)
  return <Tabs {...props} selected={selected} onSelect={setSelected} />
}

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  render: (args) => <Kept {...args} />,
  args: {
    label: 'Sections de la commande',
    selected: 'lines',
    onSelect: () => undefined,
    items: [
      { id: 'lines', label: 'Lignes', content: <p>Trois lignes, 1 234,50 € HT.</p> },
      { id: 'deliveries', label: 'Livraisons', count: 2, content: <p>Deux réceptions.</p> },
      { id: 'discussion', label: 'Discussion', content: <p>Aucun commentaire.</p> },
    ],
  },
} satisfies Meta<typeof Tabs>
export default meta
type Story = StoryObj<typeof meta>

/** Arrows move between tabs; the panel shown is the selected tab's. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Trois lignes')
    await userEvent.click(canvas.getByRole('tab', { name: 'Lignes' }))
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('tab', { name: 'Livraisons 2' })).toHaveAttribute('aria-selected', 'true')
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Deux réceptions.')
    await userEvent.keyboard('{End}')
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Aucun commentaire.')
  },
}

/** A link to a section opens on it. */
export const OpenOnASection: Story = {
  args: { selected: 'discussion' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('tabpanel', { name: 'Discussion' })).toBeInTheDocument()
  },
}
