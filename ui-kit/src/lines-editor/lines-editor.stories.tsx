import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { LinesEditor, type LinesEditorProps } from './lines-editor'

type Line = { label: string; quantity: string; unit: string }

const Stateful = (props: LinesEditorProps<Line>) => {
  const [lines, setLines] = useState(props.lines)
  return (
    <LinesEditor<Line>
      {...props}
      lines={lines}
      onChange={(next) => {
        setLines(next)
        props.onChange(next)
      }}
    />
  )
}

const meta = {
  title: 'Forms/LinesEditor',
  component: LinesEditor<Line>,
  render: (args) => <Stateful {...args} />,
  args: {
    lines: [{ label: 'Ramettes de papier', quantity: '10', unit: 'box' }],
    empty: { label: '', quantity: '1', unit: 'unit' },
    fields: [
      { key: 'label', label: 'Article' },
      { key: 'quantity', label: 'Quantité', decimal: true },
      {
        key: 'unit',
        label: 'Unité',
        options: [
          { value: 'unit', label: 'unité' },
          { value: 'box', label: 'boîte' },
        ],
      },
    ],
    errors: { 'lines.0.quantity': ['La quantité doit être un multiple de 5.'] },
    onChange: fn(),
    labels: {
      lines: 'Lignes',
      line: (n) => `Ligne ${n}`,
      add: 'Ajouter une ligne',
      remove: 'Retirer la ligne',
    },
  },
} satisfies Meta<typeof LinesEditor<Line>>
export default meta
type Story = StoryObj<typeof meta>

/** A line is added, filled, then removed; the server's error shows under its field. */
export const AddAndRemove: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('group', { name: 'Ligne 1' })).toHaveTextContent(
      'La quantité doit être un multiple de 5.',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Ajouter une ligne' }))
    const second = within(canvas.getByRole('group', { name: 'Ligne 2' }))
    await userEvent.type(second.getByLabelText('Article'), 'Stylos')
    await expect(args.onChange).toHaveBeenLastCalledWith([
      { label: 'Ramettes de papier', quantity: '10', unit: 'box' },
      { label: 'Stylos', quantity: '1', unit: 'unit' },
    ])
    await userEvent.click(second.getByRole('button', { name: 'Retirer la ligne' }))
    await expect(canvas.queryByRole('group', { name: 'Ligne 2' })).toBeNull()
    // The last line stays: no remove button on it.
    await expect(canvas.queryByRole('button', { name: 'Retirer la ligne' })).toBeNull()
  },
}
