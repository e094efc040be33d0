import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { ColumnChooser, type ColumnChooserProps } from './column-chooser'

const columns = [
  { key: 'code', label: 'Number' },
  { key: 'supplier', label: 'Supplier' },
  { key: 'status', label: 'Status' },
  { key: 'amount_exctax', label: 'Amount excl. tax' },
  { key: 'created_at', label: 'Created' },
]

const Stateful = (props: ColumnChooserProps) => {
  const [shown, setShown] = useState(props.shown)
  return (
    <>
      <ColumnChooser
        {...props}
        shown={shown}
        onChange={(next) => {
          setShown(next)
          props.onChange(next)
        }}
      />
      <p data-testid="shown">{shown.join(',')}</p>
    </>
  )
}

const meta = {
  title: 'Data/ColumnChooser',
  component: ColumnChooser,
  render: (args) => <Stateful {...args} />,
  args: {
    columns,
    shown: ['code', 'supplier', 'status'],
    onChange: fn(),
    onReset: fn(),
    labels: {
      button: 'Columns',
      title: 'Columns shown, in order',
      moveUp: (c) => `Move ${c} up`,
      moveDown: (c) => `Move ${c} down`,
      reset: 'Default columns',
    },
  },
} satisfies Meta<typeof ColumnChooser>
export default meta
type Story = StoryObj<typeof meta>

export const ThreeShown: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Columns' }))
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', {
      name: 'Columns shown, in order',
    })
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Created' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Status up' }))
    await expect(args.onChange).toHaveBeenLastCalledWith(['code', 'status', 'supplier', 'created_at'])
    await expect(canvas.getByTestId('shown')).toHaveTextContent('code,status,supplier,created_at')
  },
}

export const LastColumnStays: Story = {
  args: { shown: ['code'] },
}
