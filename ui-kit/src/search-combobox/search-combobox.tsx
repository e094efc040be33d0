import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components'

export type SearchOption = { id: string | number; label: string; description?: string }

export type SearchComboboxProps<T extends SearchOption> = {
  label: string
  /** The options the server answered for the text typed (the component never filters). */
  items: readonly T[]
  inputValue: string
  onInputChange: (text: string) => void
  onSelect: (item: T) => void
  /** Shown in the list when the server found nothing for the text. */
  emptyLabel: string
  placeholder?: string
  hint?: string
  isDisabled?: boolean
  /** The server's refusals of the choice, read with the input. */
  errors?: readonly string[]
}

/**
 * A searchable choice among many rows (articles, users, suppliers): a text input whose list is
 * what the server answers for the text typed. React Aria's ComboBox gives it the keyboard and
 * screen-reader behaviour (arrows, Enter, Escape, announcements); the caller fetches.
 */
export const SearchCombobox = <T extends SearchOption>({
  label,
  items,
  inputValue,
  onInputChange,
  onSelect,
  emptyLabel,
  placeholder,
  hint,
  isDisabled,
  errors,
}: SearchComboboxProps<T>) => (
  <ComboBox
    className={`pc-field pc-combobox${errors && errors.length > 0 ? ' pc-field--invalid' : ''}`}
    {...(isDisabled ? { isDisabled } : {})}
    isInvalid={(errors?.length ?? 0) > 0}
    items={items}
    inputValue={inputValue}
    onInputChange={onInputChange}
    allowsEmptyCollection
    menuTrigger="input"
    onSelectionChange={(key) => {
      const item = items.find((i) => i.id === key)
      if (item !== undefined) onSelect(item)
    }}
  >
    <Label className="pc-field__label">{label}</Label>
    <Input className="pc-combobox__input" {...(placeholder ? { placeholder } : {})} />
    {hint ? (
      <Text slot="description" className="pc-field__hint">
        {hint}
      </Text>
    ) : null}
    {errors && errors.length > 0 ? (
      <Text slot="errorMessage" className="pc-field__errors">
        {errors.join(' ')}
      </Text>
    ) : null}
    <Popover className="pc-combobox__popover">
      <ListBox<T>
        className="pc-combobox__list"
        renderEmptyState={() => <p className="pc-combobox__empty">{emptyLabel}</p>}
      >
        {(item) => (
          <ListBoxItem id={item.id} textValue={item.label} className="pc-combobox__option">
            <span>{item.label}</span>
            {item.description ? <small>{item.description}</small> : null}
          </ListBoxItem>
        )}
      </ListBox>
    </Popover>
  </ComboBox>
)
