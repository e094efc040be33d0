import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { DateField, type DateFieldProps } from './date-field'

const Stateful = (props: DateFieldProps) => {
  const [value, setValue] = useState(props.value ?? '')
  return (
    <>
      <DateField
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next)
          props.onChange?.(next)
        }}
      />
      <output data-testid="sent">{value}</output>
    </>
  )
}

const meta = {
  title: 'Forms/DateField',
  component: DateField,
  render: (args) => <Stateful {...args} />,
  args: {
    label: 'Date limite',
    locale: 'fr-FR',
    value: '2026-11-24',
    onChange: fn(),
    calendarLabel: 'Calendrier',
    previousLabel: 'Mois précédent',
    nextLabel: 'Mois suivant',
  },
} satisfies Meta<typeof DateField>
export default meta
type Story = StoryObj<typeof meta>

/** A French reader opens the calendar (weeks start on Monday) and picks the 30th. */
export const FrenchPick: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: /Calendrier/ }))
    const body = within(canvasElement.ownerDocument.body)
    const grid = body.getByRole('grid')
    const days = [...grid.querySelectorAll('thead th')].map((h) => h.textContent ?? '')
    await expect(days[0]?.toLowerCase()).toMatch(/^l/)
    await expect(days[6]?.toLowerCase()).toMatch(/^d/)
    await userEvent.click(within(grid).getByRole('button', { name: /30 novembre 2026/ }))
    await expect(canvas.getByTestId('sent')).toHaveTextContent('2026-11-30')
  },
}

export const EnglishEmpty: Story = {
  args: { label: 'Deadline', locale: 'en-GB', value: '', calendarLabel: 'Calendar' },
}
