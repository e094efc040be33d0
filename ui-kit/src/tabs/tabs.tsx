import type { ReactNode } from 'react'
import { Tabs as AriaTabs, Tab, TabList, TabPanel } from 'react-aria-components'

export type TabItem = {
  id: string
  label: string
  /** A count beside the label (the deliveries, the comments). */
  count?: number
  content: ReactNode
}

export type TabsProps = {
  /** What the tabs are, for assistive technology ("Order sections"). */
  label: string
  items: readonly TabItem[]
  /** The open tab; the page keeps it (in the URL) so a reload or a shared link opens it again. */
  selected: string
  onSelect: (id: string) => void
}

/**
 * A long page in sections, one shown at a time, on React Aria: the tab list is one stop for Tab,
 * arrows move between tabs, Home and End go to the first and last, and each panel is labelled by
 * its tab.
 */
export const Tabs = ({ label, items, selected, onSelect }: TabsProps) => (
  <AriaTabs
    className="pc-tabset"
    selectedKey={items.some((i) => i.id === selected) ? selected : items[0]?.id}
    onSelectionChange={(key) => onSelect(String(key))}
  >
    <TabList aria-label={label} className="pc-tabset__list">
      {items.map((item) => (
        <Tab key={item.id} id={item.id} className="pc-tabset__tab">
          {item.label}
          {item.count === undefined ? null : (
            <>
              {' '}
              <span className="pc-tabset__count">{item.count}</span>
            </>
          )}
        </Tab>
      ))}
    </TabList>
    {items.map((item) => (
      <TabPanel key={item.id} id={item.id} className="pc-tabset__panel">
        {item.content}
      </TabPanel>
    ))}
  </AriaTabs>
)
