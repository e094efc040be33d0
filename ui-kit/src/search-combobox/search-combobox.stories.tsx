import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, within } from 'storybook/test'
import { SearchCombobox, type SearchOption } from './search-combobox'

const ARTICLES: SearchOption[] = [
  { id: 1, label: 'Steelcase Office chair', description: 'ART-000005 · 249.90 €' },
  { id: 2, label: 'Kinnarps Meeting chair', description: 'ART-000015 · 119.00 €' },
  { id: 3, label: 'Bic Ballpoint pen', description: 'ART-000006 · 0.35 €' },
]

/** The server's part, played by a filter over three articles. */
const Searching = ({
  onSelect,
  errors,
}: {
  onSelect: (item: SearchOption) => void
  errors?: readonly string[]
}) => {
  const [text, setText] = useState('')
  const items =
    text.length < 2 ? [] : ARTICLES.filter((a) => a.label.toLowerCase().includes(text.toLowerCase()))
  return (
    <SearchCombobox
      label="Catalogue article"
      hint="Type two letters of a label or a reference."
      items={items}
      inputValue={text}
      onInputChange={setText}
      onSelect={onSelect}
      emptyLabel="No article matches."
      {...(errors ? { errors } : {})}
    />
  )
}

const meta = {
  title: 'Forms/SearchCombobox',
  component: Searching,
  args: { onSelect: fn() },
} satisfies Meta<typeof Searching>

export default meta
type Story = StoryObj<typeof meta>

export const Articles: Story = {}

/** A refused choice: the server's message under the field, read with the input, which is invalid. */
export const Refused: Story = {
  args: { errors: ['This supplier is blocked.'] },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Catalogue article' })
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAccessibleDescription(/This supplier is blocked\./)
  },
}
