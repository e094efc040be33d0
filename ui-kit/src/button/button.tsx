import type { ButtonHTMLAttributes, ReactNode } from 'react'

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost'

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
  variant?: ButtonVariant
  size?: 'normal' | 'small'
  /** Shows a spinner, disables the button and tells assistive technology it is busy. */
  loading?: boolean
  children: ReactNode
}

export const Button = ({
  variant = 'primary',
  size = 'normal',
  loading = false,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) => (
  <button
    {...rest}
    type={type}
    className={`pc-button pc-button--${variant}${size === 'small' ? ' pc-button--small' : ''}`}
    disabled={disabled || loading}
    aria-busy={loading || undefined}
  >
    {loading ? <span className="pc-button__spinner" aria-hidden="true" /> : null}
    {children}
  </button>
)
