import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react'

export type Described = { label: string; errors?: readonly string[]; hint?: string }

/** A field's frame: its label, then the control, its hint and its errors. */
export const FieldFrame = ({
  id,
  label,
  errors,
  hint,
  children,
}: Described & { id: string; children: ReactNode }) => (
  <div className={`pc-field${errors && errors.length > 0 ? ' pc-field--invalid' : ''}`}>
    <label htmlFor={id}>{label}</label>
    {children}
    {hint ? (
      <p id={`${id}-hint`} className="pc-field__hint">
        {hint}
      </p>
    ) : null}
    {errors && errors.length > 0 ? (
      <ul id={`${id}-errors`} className="pc-field__errors">
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    ) : null}
  </div>
)

/** The ids a control is described by: its hint and its errors. */
export const describedBy = (id: string, { errors, hint }: Described) =>
  [hint ? `${id}-hint` : null, errors && errors.length > 0 ? `${id}-errors` : null]
    .filter(Boolean)
    .join(' ') || undefined

export type TextFieldProps = Described & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>

/** A labelled input with its errors (from core codes, translated) read out with it. */
export const TextField = ({ label, errors, hint, ...input }: TextFieldProps) => {
  const id = useId()
  return (
    <FieldFrame id={id} label={label} errors={errors ?? []} {...(hint ? { hint } : {})}>
      <input
        id={id}
        aria-invalid={(errors?.length ?? 0) > 0 || undefined}
        aria-describedby={describedBy(id, { label, errors: errors ?? [], ...(hint ? { hint } : {}) })}
        {...input}
      />
    </FieldFrame>
  )
}

export type TextAreaFieldProps = Described & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>

/** A labelled multi-line text (comments, messages) with its errors. */
export const TextAreaField = ({ label, errors, hint, ...textarea }: TextAreaFieldProps) => {
  const id = useId()
  return (
    <FieldFrame id={id} label={label} errors={errors ?? []} {...(hint ? { hint } : {})}>
      <textarea
        id={id}
        aria-invalid={(errors?.length ?? 0) > 0 || undefined}
        aria-describedby={describedBy(id, { label, errors: errors ?? [], ...(hint ? { hint } : {}) })}
        {...textarea}
      />
    </FieldFrame>
  )
}

/** A choice of a select: its value, its text, and an optional tooltip (a currency's full name). */
export type SelectOption = { value: string; label: string; title?: string }

export type SelectFieldProps = Described &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    options: readonly SelectOption[]
  }

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  /** Its name for assistive technology: a compact select has no visible label. */
  'aria-label': string
  options: readonly SelectOption[]
  /** A first choice meaning "none" (its value is empty). */
  placeholder?: string
}

/** A compact select without a field frame (the header's language, a table cell's choice). */
export const Select = ({ options, placeholder, ...select }: SelectProps) => (
  <select {...select}>
    {placeholder === undefined ? null : <option value="">{placeholder}</option>}
    {options.map((o) => (
      <option key={o.value} value={o.value} {...(o.title === undefined ? {} : { title: o.title })}>
        {o.label}
      </option>
    ))}
  </select>
)

export const SelectField = ({ label, errors, hint, options, ...select }: SelectFieldProps) => {
  const id = useId()
  return (
    <FieldFrame id={id} label={label} errors={errors ?? []} {...(hint ? { hint } : {})}>
      <select
        id={id}
        aria-invalid={(errors?.length ?? 0) > 0 || undefined}
        aria-describedby={describedBy(id, { label, errors: errors ?? [], ...(hint ? { hint } : {}) })}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}

export type CheckboxFieldProps = Omit<Described, 'hint'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>

export const CheckboxField = ({ label, errors, ...input }: CheckboxFieldProps) => {
  const id = useId()
  return (
    <div className="pc-field pc-field--checkbox">
      <input id={id} type="checkbox" aria-invalid={(errors?.length ?? 0) > 0 || undefined} {...input} />
      <label htmlFor={id}>{label}</label>
      {errors && errors.length > 0 ? <p className="pc-field__errors">{errors.join(' ')}</p> : null}
    </div>
  )
}

/** The banner of a refused form: the translated "Action not possible…" message. */
export const FormAlert = ({ message }: { message: string | null }) =>
  message ? (
    <p role="alert" className="pc-form-alert">
      {message}
    </p>
  ) : null
