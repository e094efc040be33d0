import { useEffect, useId, useRef, useState } from 'react'
import { MenuButton, type MenuButtonItem } from '../menu-button/menu-button'

/** The environment badge of the header (test, demo…); nothing in production. */
export const EnvBadge = ({ env }: { env: { type: string; text: string } | null }) =>
  env === null ? null : (
    <span className={`pc-env pc-env--${env.type}`} role="note">
      {env.text}
    </span>
  )

export type ServerMessage = { type: string; body: string }

/** Messages from the server, above the page. */
export const ServerMessages = ({ messages }: { messages: readonly ServerMessage[] }) =>
  messages.length === 0 ? null : (
    <div className="pc-server-messages">
      {messages.map((m) => (
        <p key={m.body} className={`pc-server-message pc-server-message--${m.type}`} role="status">
          {m.body}
        </p>
      ))}
    </div>
  )

export type ActionToDo = { label: string; link: string; variant?: string; count: number }

/** The actions to do, with their total as a badge. */
export const ActionsToDo = ({
  label,
  count,
  actions,
  emptyText,
  renderLink,
}: {
  label: string
  count: number
  actions: readonly ActionToDo[]
  emptyText: string
  renderLink: (action: ActionToDo) => React.ReactNode
}) => {
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  // Closes once a link is followed, on Escape, and on a click elsewhere on the page.
  useEffect(() => {
    if (!open) return
    const outside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const onEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('mousedown', outside)
    document.addEventListener('keydown', onEscape)
    return () => {
      document.removeEventListener('mousedown', outside)
      document.removeEventListener('keydown', onEscape)
    }
  }, [open])
  return (
    <div className="pc-dropdown" ref={root}>
      <button
        type="button"
        className="pc-button pc-button--ghost pc-button--small"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {label} <span className="pc-count">{count}</span>
      </button>
      {open ? (
        <div id={id} className="pc-dropdown__panel">
          {actions.length === 0 ? (
            <p>{emptyText}</p>
          ) : (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the links inside are the keyboard's way; this only closes the panel after one is followed
            <ul onClick={() => setOpen(false)}>
              {actions.map((a) => (
                <li key={a.link}>
                  {renderLink(a)} <span className="pc-count">{a.count}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  )
}

export type UserMenuItem = MenuButtonItem

/**
 * The user menu: the signed-in name (and the real user's while impersonating), then its items
 * (get back, profile, sign out).
 */
export const UserMenu = ({
  label,
  realUserLabel,
  items,
  menuLabel,
}: {
  label: string
  realUserLabel?: string | null
  items: readonly UserMenuItem[]
  menuLabel: string
}) => {
  // The button's name holds what it shows (WCAG 2.5.3), the real user's name included.
  const shown = realUserLabel ? `${realUserLabel} → ${label}` : label
  return (
    <MenuButton label={`${menuLabel}: ${shown}`} items={items} variant="secondary">
      {shown}
    </MenuButton>
  )
}
