import type { ReactNode } from 'react'
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'

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

/**
 * A button that opens a menu of actions (React Aria's menu): arrow keys move between the items,
 * Enter runs one, typing a letter jumps to it, Escape or a click elsewhere closes the menu and the
 * focus returns to the button.
 */
export const MenuButton = ({ label, children, items, variant = 'ghost', align = 'end' }: MenuButtonProps) => {
  if (items.length === 0) return null
  return (
    <MenuTrigger>
      <Button className={`pc-button pc-button--${variant} pc-button--small`} aria-label={label}>
        {children ?? label}
      </Button>
      <Popover className="pc-dropdown__panel" placement={align === 'end' ? 'bottom end' : 'bottom start'}>
        <Menu
          className="pc-menu"
          items={items}
          onAction={(key) => items.find((item) => item.key === key)?.onSelect()}
        >
          {(item) => (
            <MenuItem id={item.key} className="pc-menu__item" textValue={item.label}>
              {item.label}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  )
}
