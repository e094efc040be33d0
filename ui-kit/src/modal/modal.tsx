import { type ReactNode, useEffect, useId, useRef } from 'react'
import { Button } from '../button/button'

export type ModalSize = 'small' | 'medium' | 'large'

export type ModalProps = {
  title: string
  open: boolean
  onClose: () => void
  closeLabel: string
  size?: ModalSize
  children: ReactNode
  footer?: ReactNode
}

/** A modal dialog: labelled by its title, closed by Escape, the close button or the backdrop. */
export const Modal = ({
  title,
  open,
  onClose,
  closeLabel,
  size = 'medium',
  children,
  footer,
}: ModalProps) => {
  const titleId = useId()
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return undefined
    panel.current?.querySelector<HTMLElement>('button, [href], input, select, textarea')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, onClose])
  if (!open) return null
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop is a mouse shortcut; Escape and the close button are the keyboard ways
    <div className="pc-modal__backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`pc-modal pc-modal--${size}`}
      >
        <header className="pc-modal__header">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="pc-button pc-button--ghost pc-button--small"
            aria-label={closeLabel}
            onClick={onClose}
          >
            ✕
          </button>
        </header>
        <div className="pc-modal__body">{children}</div>
        {footer ? <footer className="pc-modal__footer">{footer}</footer> : null}
      </div>
    </div>
  )
}

export type ConfirmDialogProps = {
  title: string
  message: string
  confirmLabel: string
  cancelLabel: string
  open: boolean
  danger?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Asks before a destructive action; nothing happens unless confirmed. */
export const ConfirmDialog = ({
  title,
  message,
  confirmLabel,
  cancelLabel,
  open,
  danger = true,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) => (
  <Modal
    title={title}
    open={open}
    onClose={onCancel}
    closeLabel={cancelLabel}
    size="small"
    footer={
      <>
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </>
    }
  >
    <p>{message}</p>
  </Modal>
)
