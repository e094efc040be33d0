import { type ReactNode, useEffect, useState } from 'react'
import { Button } from '../button/button'
import { TextAreaField } from '../form-field/form-field'
import { Modal } from './modal'

export type ReasonDialogProps = {
  title: string
  message: string
  /** The label of the reason box ("Why do you refuse?"). */
  label: string
  confirmLabel: string
  cancelLabel: string
  open: boolean
  /** The refusal of the reason as the app's rules word it (shown under the box); none when valid. */
  errors?: readonly string[]
  onConfirm: (reason: string) => void
  onCancel: () => void
  /** More fields of the decision, above the reason (a reason code from a controlled list). */
  children?: ReactNode
}

/**
 * Asks for confirmation and a reason before a decision that the author must understand (a
 * refusal). The reason is checked by the caller (with the same rules as the server) and its
 * message shown here; nothing happens unless confirmed.
 */
export const ReasonDialog = ({
  title,
  message,
  label,
  confirmLabel,
  cancelLabel,
  open,
  errors = [],
  onConfirm,
  onCancel,
  children,
}: ReasonDialogProps) => {
  const [reason, setReason] = useState('')
  useEffect(() => {
    if (open) setReason('')
  }, [open])
  return (
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
          <Button variant="danger" onClick={() => onConfirm(reason)}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{message}</p>
      {children}
      <TextAreaField
        label={label}
        value={reason}
        required
        rows={4}
        errors={[...errors]}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
    </Modal>
  )
}
