import type { ReactNode } from 'react'

export type DocumentHeaderProps = {
  /** The document's code ("PO-2026-00012"), the heading of the page. */
  code: string
  /** Its statuses (badges), read with the code as the page's heading. */
  badges?: ReactNode
  /** The primary actions; they stay in view as the page scrolls. */
  actions?: ReactNode
  /** What the action bar is called for assistive technology ("Actions"). */
  actionsLabel: string
  /** The document's key facts, under the heading. */
  children?: ReactNode
}

/**
 * The head of every document page (order, invoice, request, delivery, payment): its code and
 * statuses as the page's heading, its primary actions in a bar that stays at the top of the
 * window while the page scrolls (on a phone too), then its key facts.
 */
export const DocumentHeader = ({ code, badges, actions, actionsLabel, children }: DocumentHeaderProps) => (
  <header className="pc-document-header">
    <div className="pc-document-header__bar">
      <h1 className="pc-document-header__title">
        <span className="pc-document-header__code">{code}</span> {badges}
      </h1>
      {actions ? (
        <div className="pc-document-header__actions pc-actions" role="toolbar" aria-label={actionsLabel}>
          {actions}
        </div>
      ) : null}
    </div>
    {children}
  </header>
)

/** One line of a document's totals: what it is, and the amount (already formatted). */
export type TotalsLine = { key: string; label: ReactNode; value: ReactNode; strong?: boolean }

/**
 * A document's totals under its lines (order, invoice, payment): excluding tax, the VAT of each
 * rate, including tax, what is payable — right-aligned, the last one that matters in bold.
 */
export const DocumentTotals = ({ lines }: { lines: readonly TotalsLine[] }) => (
  <dl className="pc-totals">
    {lines.map((line) => (
      <div key={line.key}>
        <dt>{line.label}</dt>
        <dd>{line.strong ? <strong>{line.value}</strong> : line.value}</dd>
      </div>
    ))}
  </dl>
)
