import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components'
import { Icon } from '../icon/icon'

export type ChooserColumn = { key: string; label: string }

export type ColumnChooserLabels = {
  button: string
  title: string
  moveUp: (column: string) => string
  moveDown: (column: string) => string
  reset: string
}

export type ColumnChooserProps = {
  /** Every column the list has, in its declared order. */
  columns: readonly ChooserColumn[]
  /** The keys shown, in the order shown. */
  shown: readonly string[]
  onChange: (shown: string[]) => void
  onReset: () => void
  labels: ColumnChooserLabels
}

/**
 * Which columns a list shows, and in which order: a checkbox per column, and buttons to move a
 * shown column up or down. React Aria's popover dialog keeps the focus inside while open and gives
 * it back to the button on Escape.
 */
export const ColumnChooser = ({ columns, shown, onChange, onReset, labels }: ColumnChooserProps) => {
  const byKey = new Map(columns.map((c) => [c.key, c]))
  const ordered = [
    ...shown.map((key) => byKey.get(key)).filter((c): c is ChooserColumn => c !== undefined),
    ...columns.filter((c) => !shown.includes(c.key)),
  ]
  const move = (key: string, by: -1 | 1) => {
    const next = [...shown]
    const at = next.indexOf(key)
    const other = next[at + by]
    if (at < 0 || other === undefined) return
    next[at + by] = key
    next[at] = other
    onChange(next)
  }
  return (
    <DialogTrigger>
      <Button className="pc-button pc-button--secondary pc-button--small">
        <Icon name="columns" />
        {labels.button}
      </Button>
      <Popover className="pc-popover" placement="bottom end">
        <Dialog className="pc-chooser" aria-label={labels.title}>
          <Heading slot="title" className="pc-chooser__title">
            {labels.title}
          </Heading>
          <ul>
            {ordered.map((column) => {
              const at = shown.indexOf(column.key)
              const visible = at >= 0
              return (
                <li key={column.key}>
                  <label>
                    <input
                      type="checkbox"
                      checked={visible}
                      // The last shown column stays: a list shows at least one.
                      disabled={visible && shown.length === 1}
                      onChange={() =>
                        onChange(visible ? shown.filter((k) => k !== column.key) : [...shown, column.key])
                      }
                    />
                    {column.label}
                  </label>
                  {visible ? (
                    <span className="pc-chooser__moves">
                      <button
                        type="button"
                        className="pc-button pc-button--ghost pc-button--small"
                        aria-label={labels.moveUp(column.label)}
                        disabled={at === 0}
                        onClick={() => move(column.key, -1)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="pc-button pc-button--ghost pc-button--small"
                        aria-label={labels.moveDown(column.label)}
                        disabled={at === shown.length - 1}
                        onClick={() => move(column.key, 1)}
                      >
                        ↓
                      </button>
                    </span>
                  ) : null}
                </li>
              )
            })}
          </ul>
          <button type="button" className="pc-button pc-button--secondary pc-button--small" onClick={onReset}>
            {labels.reset}
          </button>
        </Dialog>
      </Popover>
    </DialogTrigger>
  )
}
