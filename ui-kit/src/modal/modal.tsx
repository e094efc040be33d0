import { type ReactNode, useEffect, useRef } from 'react'
import { Dialog, Heading, ModalOverlay, Modal as OverlayModal } from 'react-aria-components'
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

/**
 * A modal dialog on React Aria: labelled by its title, the focus kept inside while it is open and
 * given back to what opened it, the page behind hidden from assistive technology; closed by
 * Escape, the close button or a click on the backdrop. Its first field takes the focus.
 */
export const Modal = ({
  title,
  open,
  onClose,
  closeLabel,
  size = 'medium',
  children,
  footer,
}: ModalProps) => {
  const body = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return undefined
    // After React Aria has moved the focus into the dialog (its own effect), to the first field.
    const timer = setTimeout(() =>
      body.current?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')?.focus(),
    )
    return () => clearTimeout(timer)
  }, [open])
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose()
      }}
      isDismissable
      className="pc-modal__backdrop"
    >
      <OverlayModal className="pc-modal__frame">
        <Dialog className={`pc-modal pc-modal--${size}`}>
          <header className="pc-modal__header">
            <Heading slot="title">{title}</Heading>
            <button
              type="button"
              className="pc-button pc-button--ghost pc-button--small"
              aria-label={closeLabel}
              onClick={onClose}
            >
              ✕
            </button>
          </header>
          <div ref={body} className="pc-modal__body">
            {children}
          </div>
          {footer ? <footer className="pc-modal__footer">{footer}</footer> : null}
        </Dialog>
      </OverlayModal>
    </ModalOverlay>
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
