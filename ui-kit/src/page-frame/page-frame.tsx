import { type ReactNode, useEffect, useId, useState } from 'react'

export type BreadcrumbItem = { label: string; href?: string }

export type BreadcrumbsProps = {
  items: readonly BreadcrumbItem[]
  /** The accessible name of the trail, translated ("Breadcrumbs", "Fil d'Ariane"…). */
  label: string
  /** How to draw a link (the app passes its router's link); a plain <a> by default. */
  renderLink?: (item: BreadcrumbItem & { href: string }) => ReactNode
}

export const Breadcrumbs = ({ items, label, renderLink }: BreadcrumbsProps) => (
  <nav className="pc-breadcrumbs" aria-label={label}>
    <ol>
      {items.map((item, index) => {
        const last = index === items.length - 1
        return (
          <li key={`${item.href ?? ''}|${item.label}`} aria-current={last ? 'page' : undefined}>
            {item.href && !last ? (
              (renderLink?.({ ...item, href: item.href }) ?? <a href={item.href}>{item.label}</a>)
            ) : (
              <span>{item.label}</span>
            )}
          </li>
        )
      })}
    </ol>
  </nav>
)

export type PageFrameProps = {
  /** The product name or logo, top left. */
  brand: ReactNode
  /** Header content on the right: badges, actions to do, selectors, user menu. */
  headerEnd?: ReactNode
  /** The left menu; collapsible. Omit it for pages without a menu (sign-in). */
  menu?: ReactNode
  /** Translated name of the menu, used by its toggle and its landmark. */
  menuLabel?: string
  defaultMenuCollapsed?: boolean
  onMenuToggle?: (collapsed: boolean) => void
  /** The current page (its path): on a phone, the menu closes when it changes. */
  page?: string
  breadcrumbs?: ReactNode
  aside?: ReactNode
  footer?: ReactNode
  children: ReactNode
}

const NARROW = '(max-width: 640px)'
const isNarrowScreen = () => typeof window !== 'undefined' && window.matchMedia?.(NARROW).matches === true

/** The frame of every page: header, collapsible left menu, breadcrumbs, content, aside, footer. */
export const PageFrame = ({
  brand,
  headerEnd,
  menu,
  menuLabel = 'Menu',
  defaultMenuCollapsed = false,
  onMenuToggle,
  page,
  breadcrumbs,
  aside,
  footer,
  children,
}: PageFrameProps) => {
  // On a phone the menu starts closed and opens over the page.
  const [collapsed, setCollapsed] = useState(defaultMenuCollapsed || isNarrowScreen())
  const menuId = useId()
  useEffect(() => {
    if (page !== undefined && isNarrowScreen()) setCollapsed(true)
  }, [page])
  const toggle = () => {
    setCollapsed(!collapsed)
    onMenuToggle?.(!collapsed)
  }
  return (
    <div className="pc-frame">
      <header className="pc-frame__header">
        {menu ? (
          <button
            type="button"
            className="pc-button pc-button--ghost pc-button--small"
            aria-controls={menuId}
            aria-expanded={!collapsed}
            onClick={toggle}
          >
            ☰ <span className="pc-visually-hidden">{menuLabel}</span>
          </button>
        ) : null}
        <div className="pc-frame__brand">{brand}</div>
        {headerEnd ? <div className="pc-frame__header-end">{headerEnd}</div> : null}
      </header>
      <div className="pc-frame__body">
        {menu ? (
          <nav id={menuId} className="pc-frame__menu" aria-label={menuLabel} data-collapsed={collapsed}>
            <div className="pc-frame__menu-content">{menu}</div>
          </nav>
        ) : (
          <span />
        )}
        <main className="pc-frame__main">
          {breadcrumbs}
          {children}
        </main>
        {aside ? <aside className="pc-frame__aside">{aside}</aside> : <span />}
      </div>
      {footer ? <footer className="pc-frame__footer">{footer}</footer> : null}
    </div>
  )
}
