export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger'

/** The colour a status is shown in. Unknown statuses are neutral. */
const TONES: Readonly<Record<string, BadgeTone>> = {
  draft: 'neutral',
  awaiting_draft: 'neutral',
  awaiting: 'info',
  ongoing: 'info',
  processing: 'info',
  planified: 'info',
  partial: 'warning',
  approved: 'success',
  validated: 'success',
  autovalidated: 'success',
  sent: 'success',
  acknowledged_receipt: 'success',
  paid: 'success',
  complete: 'success',
  active: 'success',
  closed: 'neutral',
  suspended: 'warning',
  blocked: 'warning',
  expired: 'warning',
  refused: 'danger',
  rejected: 'danger',
  canceled: 'danger',
  error: 'danger',
  forbidden: 'danger',
}

export const toneOf = (status: string): BadgeTone => TONES[status] ?? 'neutral'

export type StatusBadgeProps = {
  /** The status code, e.g. "validated": decides the colour. */
  status: string
  /** The translated label shown to the user. */
  label: string
}

export const StatusBadge = ({ status, label }: StatusBadgeProps) => (
  <span className={`pc-badge pc-badge--${toneOf(status)}`} data-status={status}>
    {label}
  </span>
)
