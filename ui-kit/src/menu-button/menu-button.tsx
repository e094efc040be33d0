import { type ReactNode, useEffect, useId, useRef, useState } from 'react'

export type MenuButtonItem = { key: string; label: string; onSelect: () => void }

export type MenuButtonProps = {
  /** The accessible name of the button ("Actions: Rita Requester"). */
  label: string
  /** What the button shows; the label by default. */
  children?: ReactNode
  items: readonly MenuButtonItem[]
  variant?: 'ghost' | 'secondary'
  align?: 'start' | 'end'
}

/** A button that opens a menu of actions; Escape or a click elsewhere closes it. */
export const MenuButton = ({ label, children, items, variant = 'ghost', align = 'end' }: MenuButtonProps) => {
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return undefined
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false)
    const onClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('mousedown', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('mousedown', onClick)
    }
  }, [open])
  if (items.length === 0) return null
  return (
    <div ref={root} className="pc-dropdown">
      <button
        type="button"
        className={`pc-button pc-button--${variant} pc-button--small`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        aria-label={label}
        onClick={() => setOpen(!open)}
      >
        {children ?? label}
      </button>
      {open ? (
        <div
          id={id}
          role="menu"
          className={`pc-dropdown__panel${align === 'end' ? ' pc-dropdown__panel--end' : ''}`}
        >
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false)
                item.onSelect()
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
