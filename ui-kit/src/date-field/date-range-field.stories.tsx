import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { DateRangeField, type DateRangeFieldProps, type DayRange } from './date-range-field'

const Stateful = (props: DateRangeFieldProps) => {
  const [value, setValue] = useState<DayRange>(props.value)
  return (
    <>
      <DateRangeField
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next)
          props.onChange(next)
        }}
      />
      <output data-testid="sent">
        {value.from}/{value.to}
      </output>
    </>
  )
}

const meta = {
  title: 'Forms/DateRangeField',
  component: DateRangeField,
  render: (args) => <Stateful {...args} />,
  args: {
    label: 'Date de facture',
    locale: 'fr-FR',
    value: { from: '', to: '' },
    onChange: fn(),
    calendarLabel: 'Calendrier',
    previousLabel: 'Mois précédent',
    nextLabel: 'Mois suivant',
    startLabel: 'du',
    endLabel: 'au',
  },
} satisfies Meta<typeof DateRangeField>
export default meta
type Story = StoryObj<typeof meta>

/** A French reader picks the 3rd then the 17th in the calendar: the range is sent as two ISO days. */
export const FrenchPick: Story = {
  args: { value: { from: '2026-11-01', to: '2026-11-02' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: /Calendrier/ }))
    const grid = within(within(canvasElement.ownerDocument.body).getByRole('grid'))
    await userEvent.click(grid.getByRole('button', { name: /\b3 novembre 2026/ }))
    await userEvent.click(grid.getByRole('button', { name: /\b17 novembre 2026/ }))
    await expect(canvas.getByTestId('sent')).toHaveTextContent('2026-11-03/2026-11-17')
    await expect(args.onChange).toHaveBeenLastCalledWith({ from: '2026-11-03', to: '2026-11-17' })
  },
}

/** An English reader sees the range in day/month/year order. */
export const EnglishRange: Story = {
  args: {
    label: 'Invoice date',
    locale: 'en-GB',
    value: { from: '2026-01-05', to: '2026-02-28' },
    calendarLabel: 'Calendar',
    startLabel: 'from',
    endLabel: 'to',
  },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Invoice date' })
    await expect(group.textContent?.replace(/\s/g, '')).toContain('05/01/2026–28/02/2026')
  },
}
