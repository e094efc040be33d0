import type { ButtonHTMLAttributes, ComponentPropsWithoutRef, ElementType, ReactNode } from 'react'

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost'

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
  variant?: ButtonVariant
  size?: 'normal' | 'small'
  /** Shows a spinner, disables the button and tells assistive technology it is busy. */
  loading?: boolean
  children: ReactNode
}

/** The classes of a button of this variant and size (a link drawn as a button uses them too). */
export const buttonClass = (variant: ButtonVariant = 'primary', size: 'normal' | 'small' = 'normal') =>
  `pc-button pc-button--${variant}${size === 'small' ? ' pc-button--small' : ''}`

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
    className={buttonClass(variant, size)}
    disabled={disabled || loading}
    aria-busy={loading || undefined}
  >
    {loading ? <span className="pc-button__spinner" aria-hidden="true" /> : null}
    {children}
  </button>
)

export type ButtonLinkProps<C extends ElementType> = {
  /** What draws the link: an anchor, or the router's link component (`as={Link} to="…"`). */
  as?: C
  variant?: ButtonVariant
  size?: 'normal' | 'small'
  children: ReactNode
} & Omit<ComponentPropsWithoutRef<C>, 'className' | 'as' | 'children'>

/**
 * A link that looks like a button: where an action opens another page (Edit, New, Import), so it
 * stays a link (opens in a new tab, shows its address) and keeps the buttons' look.
 */
export const ButtonLink = <C extends ElementType = 'a'>({
  as,
  variant = 'secondary',
  size = 'normal',
  children,
  ...rest
}: ButtonLinkProps<C>) => {
  const Component: ElementType = as ?? 'a'
  return (
    <Component {...rest} className={buttonClass(variant, size)}>
      {children}
    </Component>
  )
}
