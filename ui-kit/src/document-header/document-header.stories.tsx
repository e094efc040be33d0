import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Button } from '../button/button'
import { StatusBadge } from '../status-badge/status-badge'
import { DocumentHeader, DocumentTotals } from './document-header'

const meta = {
  title: 'Layout/DocumentHeader',
  component: DocumentHeader,
  args: {
    code: 'PO-2026-00012',
    actionsLabel: 'Actions',
    badges: (
      <>
        <StatusBadge status="validated" label="Validated" />
        <StatusBadge status="partial" label="Delivery: Partly received" />
      </>
    ),
    actions: (
      <>
        <Button>Send</Button>
        <Button variant="secondary">Edit</Button>
        <Button variant="danger">Cancel</Button>
      </>
    ),
    children: (
      <dl className="pc-facts">
        <dt>Supplier</dt>
        <dd>OfficePro Supplies</dd>
        <dt>Currency</dt>
        <dd>Euro (EUR)</dd>
      </dl>
    ),
  },
} satisfies Meta<typeof DocumentHeader>
export default meta
type Story = StoryObj<typeof meta>

/** The code and statuses are the page's heading; the actions are one toolbar. */
export const Order: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'PO-2026-00012 ValidatedDelivery: Partly received',
    )
    const toolbar = canvas.getByRole('toolbar', { name: 'Actions' })
    await expect(within(toolbar).getAllByRole('button')).toHaveLength(3)
  },
}

/** A document with nothing to do: no empty toolbar. */
export const NoAction: Story = {
  args: { actions: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('toolbar')).toBeNull()
  },
}

/** The totals under a document's lines: excluding tax, VAT per rate, including tax. */
export const Totals: Story = {
  render: () => (
    <DocumentTotals
      lines={[
        { key: 'exctax', label: 'Total excl. tax', value: '€1,250.00' },
        { key: 'vat-20', label: 'VAT 20 %', value: '250.00' },
        { key: 'vat-5.5', label: 'VAT 5.5 %', value: '0.00' },
        { key: 'inctax', label: 'Total incl. tax', value: '€1,500.00', strong: true },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const totals = within(canvasElement)
    await expect(totals.getByText('Total incl. tax')).toBeInTheDocument()
    await expect(totals.getByText('€1,500.00').tagName).toBe('STRONG')
  },
}
