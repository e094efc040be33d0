import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'

export type ToastTone = 'info' | 'success' | 'error'
export type Toast = { id: number; tone: ToastTone; message: string }

type ToastApi = { show: (tone: ToastTone, message: string) => void; dismiss: (id: number) => void }

const ToastContext = createContext<ToastApi | null>(null)

/** Short messages after an action ("Saved", a refusal's text), announced politely. */
export const ToastProvider = ({
  children,
  dismissLabel,
  duration = 6000,
}: {
  children: ReactNode
  dismissLabel: string
  duration?: number
}) => {
  const [toasts, setToasts] = useState<Toast[]>([])
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), [])
  const show = useCallback(
    (tone: ToastTone, message: string) => {
      const id = Date.now() + Math.random()
      setToasts((list) => [...list, { id, tone, message }])
      if (duration > 0) setTimeout(() => dismiss(id), duration)
    },
    [dismiss, duration],
  )
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss])
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pc-toasts" role="status" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`pc-toast pc-toast--${t.tone}`}>
            <span>{t.message}</span>
            <button
              type="button"
              className="pc-button pc-button--ghost pc-button--small"
              aria-label={dismissLabel}
              onClick={() => dismiss(t.id)}
            >
              ✕
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  )
}

export const useToasts = (): ToastApi => {
  const api = useContext(ToastContext)
  if (api === null) throw new Error('useToasts needs a ToastProvider above it')
  return api
}
