import { NUMBER_STYLES } from '@procura/core/format'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { NumberField, type NumberFieldProps } from './number-field'

const Stateful = (props: NumberFieldProps) => {
  const [value, setValue] = useState(props.value ?? '')
  return (
    <>
      <NumberField
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
  title: 'Forms/NumberField',
  component: NumberField,
  render: (args) => <Stateful {...args} />,
  args: { label: 'Prix unitaire HT', numberStyle: NUMBER_STYLES.fr, currency: '€', onChange: fn() },
} satisfies Meta<typeof NumberField>
export default meta
type Story = StoryObj<typeof meta>

/** A French reader types "1 234,50": the form sends 1234.50, and the field shows it grouped. */
export const FrenchAmount: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole('textbox', { name: 'Prix unitaire HT' })
    await userEvent.type(input, '1 234,50')
    await expect(canvas.getByTestId('sent')).toHaveTextContent('1234.50')
    await userEvent.tab()
    await expect(input).toHaveValue('1\u202f234,50')
  },
}

export const SpanishAmount: Story = {
  args: { label: 'Precio unitario', numberStyle: NUMBER_STYLES.es, value: '1234.5' },
}

export const NotANumber: Story = {
  args: { label: 'Quantity', numberStyle: NUMBER_STYLES.en, errors: ['A decimal number is expected.'] },
}
