import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { RankChart, ShareChart, TimeChart } from './chart'

const percent = (value: number) => `${value.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} %`
const months = [
  'déc.',
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
]

const meta = {
  title: 'Charts/Time chart',
  component: TimeChart,
  args: {
    title: 'Performance sur 12 mois glissants',
    summary: 'Livraisons à l’heure : 91,7 % (objectif 95 %).',
    empty: 'Aucune livraison sur la période.',
    tableLabel: 'Voir les chiffres',
    categoryLabel: 'Mois',
    format: percent,
    objective: { value: 95, label: 'Objectif 95 %' },
    series: [
      { key: 'otd', label: 'À l’heure (OTD)', kind: 'line', tone: 'primary' },
      { key: 'oqd', label: 'Sans réserve (OQD)', kind: 'line', tone: 'success' },
    ],
    points: months.map((label, i) => ({
      key: `m${i}`,
      label,
      values: { otd: i === 3 ? null : 80 + ((i * 7) % 20), oqd: 90 + ((i * 3) % 10) },
    })),
  },
} satisfies Meta<typeof TimeChart>
export default meta
type Story = StoryObj<typeof meta>

/** The figures behind the chart open as a table; a month without deliveries reads as a dash. */
export const Performance: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole('figure', { name: 'Performance sur 12 mois glissants' }),
    ).toBeInTheDocument()
    await userEvent.click(canvas.getByText('Voir les chiffres', { selector: 'summary' }))
    const table = canvas.getByRole('table', { name: 'Voir les chiffres' })
    await expect(within(table).getByRole('row', { name: /^mars/ })).toHaveTextContent('—')
    await expect(within(table).getAllByRole('row')).toHaveLength(13)
  },
}

/** Nothing to draw: the chart says so instead of an empty picture. */
export const Empty: Story = {
  args: { points: months.map((label, i) => ({ key: `m${i}`, label, values: { otd: null, oqd: null } })) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Aucune livraison sur la période.')).toBeInTheDocument()
  },
}

/** Documents valid, expiring and expired, as a ring with its counts. */
export const Certification: StoryObj<typeof ShareChart> = {
  render: () => (
    <ShareChart
      title="Certifications"
      summary="1 document expiré : à renouveler."
      empty="Aucun document suivi."
      tableLabel="Voir les chiffres"
      parts={[
        { key: 'valid', label: 'Valides', value: 3, tone: 'success' },
        { key: 'expiring', label: 'Expirent bientôt', value: 1, tone: 'warning' },
        { key: 'expired', label: 'Expirés', value: 1, tone: 'danger' },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByText('Voir les chiffres', { selector: 'summary' }))
    await expect(canvas.getByRole('row', { name: 'Expirés 1' })).toBeInTheDocument()
  },
}

const euros = (value: number) =>
  value.toLocaleString('en-GB', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 })

/** Spend ranked by supplier, the rest as "others"; each name links to the list it sums. */
export const Ranking: StoryObj<typeof RankChart> = {
  render: () => (
    <RankChart
      title="Ordered over 3 months (excl. tax)"
      summary="€48,210 ordered from 7 suppliers."
      empty="Nothing ordered over the period."
      tableLabel="See the figures"
      categoryLabel="Supplier"
      format={euros}
      renderLabel={(p) => (p.key === 'others' ? p.label : <a href={`#supplier-${p.key}`}>{p.label}</a>)}
      parts={[
        { key: '1', label: 'OfficePro Supplies', value: 21450 },
        { key: '2', label: 'SafeWork Équipements', value: 12800 },
        { key: '3', label: 'TechnoData Systems', value: 8960 },
        { key: 'others', label: 'Others', value: 5000, tone: 'muted' },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByText('See the figures', { selector: 'summary' }))
    await expect(canvas.getByRole('link', { name: 'OfficePro Supplies' })).toHaveAttribute(
      'href',
      '#supplier-1',
    )
    await expect(canvas.getByRole('row', { name: 'Others €5,000' })).toBeInTheDocument()
  },
}
