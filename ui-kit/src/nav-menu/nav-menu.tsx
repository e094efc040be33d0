import type { ReactNode } from 'react'

export type NavItem = { text: string; icon: string; link: string; subtree?: NavItem[] }

export type NavMenuProps = {
  items: readonly NavItem[]
  /** Draws a link (the app passes its router's NavLink). */
  renderLink: (item: NavItem) => ReactNode
}

/** The left menu, built from the server's items (text, icon, link, optional subtree). */
export const NavMenu = ({ items, renderLink }: NavMenuProps) => (
  <ul className="pc-nav">
    {items.map((item) => (
      <li key={`${item.link}|${item.text}`}>
        {renderLink(item)}
        {item.subtree && item.subtree.length > 0 ? (
          <NavMenu items={item.subtree} renderLink={renderLink} />
        ) : null}
      </li>
    ))}
  </ul>
)
