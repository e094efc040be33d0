import { useState } from 'react'
import { SearchCombobox } from '../search-combobox/search-combobox'

export type FilterComboboxProps = {
  label: string
  /** The options the server answered for the text typed. */
  options: readonly { value: string; label: string }[]
  onSearch: (text: string) => void
  onSelect: (value: string) => void
  emptyLabel: string
}

/**
 * A list filter over many rows (suppliers, users, articles): type to ask the server, pick with the
 * keyboard or the mouse. The chosen value then shows as a chip; the text is cleared.
 */
export const FilterCombobox = ({ label, options, onSearch, onSelect, emptyLabel }: FilterComboboxProps) => {
  const [text, setText] = useState('')
  return (
    <SearchCombobox
      label={label}
      items={options.map((o) => ({ id: o.value, label: o.label }))}
      inputValue={text}
      onInputChange={(next) => {
        setText(next)
        onSearch(next)
      }}
      onSelect={(item) => {
        setText('')
        onSelect(String(item.id))
      }}
      emptyLabel={emptyLabel}
    />
  )
}
