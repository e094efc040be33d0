import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  Select as BareSelect,
  CheckboxField,
  FormAlert,
  SelectField,
  TextAreaField,
  TextField,
} from './form-field'

const meta = {
  title: 'Forms/Fields',
  component: TextField,
  args: { label: 'Login', name: 'login' },
} satisfies Meta<typeof TextField>

export default meta
type Story = StoryObj<typeof meta>

export const Text: Story = {}
export const WithHint: Story = { args: { label: 'E-mail', hint: 'Used for notifications.' } }
export const WithErrors: Story = {
  args: {
    label: 'Password',
    type: 'password',
    errors: ['The password must have at least 8 characters.', 'The password must contain a digit.'],
  },
}
export const Select: Story = {
  render: () => (
    <SelectField
      label="Language"
      defaultValue="fr"
      options={[
        { value: 'en', label: 'English' },
        { value: 'fr', label: 'Français' },
      ]}
    />
  ),
}
export const TextArea: Story = {
  render: () => <TextAreaField label="Comment" rows={3} errors={['This field is required.']} />,
}
export const Checkbox: Story = { render: () => <CheckboxField label="Remember me" /> }
export const Alert: Story = {
  render: () => <FormAlert message="Action not possible: there are errors in the form." />,
}

/** A compact select, named for assistive technology only (the header's language). */
export const CompactSelect: Story = {
  render: () => (
    <BareSelect
      aria-label="Language"
      defaultValue="fr"
      options={[
        { value: 'en', label: 'English' },
        { value: 'fr', label: 'Français' },
      ]}
    />
  ),
}
