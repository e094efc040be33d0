import { type NumberStyle, readTypedNumber, showTypedNumber } from '@procura/core/format'
import { useEffect, useId, useState } from 'react'
import { type Described, describedBy, FieldFrame } from '../form-field/form-field'

export type NumberFieldProps = Described & {
  /** How the reader writes numbers (core's NUMBER_STYLES of their language). */
  numberStyle: NumberStyle
  /** Controlled: the exact decimal string ("1234.5"), or the text typed while it is not a number. */
  value?: string
  onChange?: (value: string) => void
  /** When the field is left: the exact value (a change saved at once, as the cart's quantities). */
  onCommit?: (value: string) => void
  /** In a form read as FormData: the hidden input of this name carries the exact decimal string. */
  name?: string
  defaultValue?: string
  /** An amount's currency, shown beside the number ("€", "EUR"). */
  currency?: string
  disabled?: boolean
  required?: boolean
  placeholder?: string
}

/**
 * A number or an amount as the reader writes it (fr "1 234,50", es "1.234,50"), sent as the exact
 * decimal string the API takes ("1234.5"); grouped again when the field is left. What is not a
 * number is passed on as typed, so the form's schema names the mistake.
 */
export const NumberField = ({
  label,
  errors,
  hint,
  numberStyle,
  value,
  onChange,
  onCommit,
  name,
  defaultValue,
  currency,
  ...input
}: NumberFieldProps) => {
  const id = useId()
  const initial = value ?? defaultValue ?? ''
  const [exact, setExact] = useState(initial)
  const [text, setText] = useState(showTypedNumber(initial, numberStyle))
  useEffect(() => {
    if (value === undefined || value === exact) return
    setExact(value)
    setText(showTypedNumber(value, numberStyle))
  }, [value, exact, numberStyle])
  const described = describedBy(id, { label, errors: errors ?? [], ...(hint ? { hint } : {}) })
  return (
    <FieldFrame id={id} label={label} errors={errors ?? []} {...(hint ? { hint } : {})}>
      <span className={currency ? 'pc-number pc-number--currency' : 'pc-number'}>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={(errors?.length ?? 0) > 0 || undefined}
          aria-describedby={described}
          value={text}
          onChange={(e) => {
            const typed = e.target.value
            const next = readTypedNumber(typed, numberStyle) ?? typed.trim()
            setText(typed)
            setExact(next)
            onChange?.(next)
          }}
          onBlur={() => {
            setText(showTypedNumber(exact, numberStyle))
            onCommit?.(exact)
          }}
          {...input}
        />
        {currency ? (
          <span className="pc-number__currency" aria-hidden="true">
            {currency}
          </span>
        ) : null}
      </span>
      {name ? <input type="hidden" name={name} value={exact} /> : null}
    </FieldFrame>
  )
}
