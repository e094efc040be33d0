import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { FileDrop } from './file-drop'

const meta = {
  title: 'Forms/FileDrop',
  component: FileDrop,
  args: {
    label: 'Fichier de la facture',
    name: 'file',
    accept: '.pdf,.xml',
    labels: { drop: 'Déposez le fichier ici ou cliquez pour le choisir', progress: (p) => `Envoyé : ${p} %` },
    onChange: fn(),
  },
} satisfies Meta<typeof FileDrop>
export default meta
type Story = StoryObj<typeof meta>

/** Choosing a file (a click on the zone, or a drop) names it with its size. */
export const Choose: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByLabelText('Fichier de la facture')
    await userEvent.upload(
      input,
      new File(['%PDF-1.4 facture'], 'facture-0042.pdf', { type: 'application/pdf' }),
    )
    await expect(canvas.getByText('facture-0042.pdf')).toBeInTheDocument()
    await expect(canvas.getByText('(16 B)')).toBeInTheDocument()
    await expect(args.onChange).toHaveBeenCalledTimes(1)
  },
}

/** While the file is sent, a progress bar says how far it is. */
export const Uploading: Story = {
  args: { progress: 0.4 },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Envoyé : 40 %' })
    await expect(bar).toHaveAttribute('value', '40')
  },
}

/** A refused file: the server's message under the zone, read with the input. */
export const Refused: Story = {
  args: { errors: ['Ce type de fichier n’est pas accepté (.pdf, .xml).'] },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Fichier de la facture')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAccessibleDescription('Ce type de fichier n’est pas accepté (.pdf, .xml).')
  },
}
