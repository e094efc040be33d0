import { rowsOf } from '@procura/core/answer'
import { type PickedUserAnswer, PickedUserAnswerSchema } from '@procura/core/user'
import { SearchCombobox } from '@procura/ui-kit/search-combobox'
import { useRef, useState } from 'react'
import { useAnswer } from '../http/use-api'

export type PickedUser = PickedUserAnswer

const Found = rowsOf(PickedUserAnswerSchema)

/** A person chosen by name or login, searched on the server as the user types. */
export const UserPicker = ({
  label,
  hint,
  emptyLabel,
  onPick,
  initialText = '',
}: {
  label: string
  hint: string
  emptyLabel: string
  onPick: (user: PickedUser | null) => void
  /** The name of the person already chosen, shown until the user types. */
  initialText?: string
}) => {
  const [text, setText] = useState(initialText)
  const pickedLabel = useRef<string | null>(null)
  const search = text.trim()
  // The list keeps its people while the next answer loads (see OptionPicker): a pick is not lost.
  const found = useAnswer(`/bwapi/users/search?search=${encodeURIComponent(search)}`, Found, {
    enabled: search.length >= 2,
    keepPrevious: true,
  })
  const items = search.length >= 2 ? (found.data?.data ?? []) : []
  return (
    <SearchCombobox
      label={label}
      hint={hint}
      items={items.map((u) => ({ ...u, description: u.login }))}
      inputValue={text}
      onInputChange={(value) => {
        setText(value)
        // The combobox writes the picked person's name in the input (sometimes after the pick,
        // on a busy machine): that is no new search and keeps the pick.
        if (value === pickedLabel.current) return
        pickedLabel.current = null
        onPick(null)
      }}
      onSelect={(user) => {
        pickedLabel.current = user.label
        onPick(user)
        setText(user.label)
      }}
      emptyLabel={emptyLabel}
    />
  )
}
