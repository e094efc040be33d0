import type { ModalSize } from '@procura/ui-kit/modal'
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, apiRead } from '../http/client'
import { FIRST_PAGE_ANSWERS } from '../session/first-page-answers'

type Open = (address: string) => Promise<void>

const HtmlModalContext = createContext<Open | null>(null)

const DROP = 'script, style, iframe, object, embed, link, meta, base, form'
const SIZES = new Set(['small', 'medium', 'large'])

/** Keeps the markup of an answer, never its scripts, handlers or javascript: links. */
export const sanitizeHtml = (html: string): string => {
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html')
  for (const element of doc.querySelectorAll(DROP)) element.remove()
  for (const element of doc.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      const value = attribute.value.trim().toLowerCase()
      if (
        attribute.name.startsWith('on') ||
        ((attribute.name === 'href' || attribute.name === 'src') && value.startsWith('javascript:'))
      ) {
        element.removeAttribute(attribute.name)
      }
    }
  }
  return doc.body.firstElementChild?.innerHTML ?? ''
}

/** The kit's modal loads with the first modal opened: the first page does without it. */
const Modal = lazy(() => import('@procura/ui-kit/modal').then((m) => ({ default: m.Modal })))

/**
 * The spec's HTML modal: open(address) fetches the address and shows its title, body and size.
 * A failure shows the server's message in the same modal.
 */
export const HtmlModalProvider = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation()
  const [content, setContent] = useState<{ title: string; body: string; size: ModalSize } | null>(null)
  const open = useCallback<Open>(
    async (address) => {
      try {
        const answer = await apiRead(address, FIRST_PAGE_ANSWERS.htmlModal)
        const size = SIZES.has(answer.size ?? '') ? (answer.size as ModalSize) : 'medium'
        setContent({ title: answer.title, body: sanitizeHtml(answer.body), size })
      } catch (error) {
        const message =
          error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network')
        setContent({
          title: t('errors.title'),
          body: sanitizeHtml(`<p>${message.replace(/</g, '&lt;')}</p>`),
          size: 'small',
        })
      }
    },
    [t],
  )
  const value = useMemo(() => open, [open])
  return (
    <HtmlModalContext.Provider value={value}>
      {children}
      {content === null ? null : (
        <Suspense fallback={null}>
          <Modal
            title={content.title}
            open
            onClose={() => setContent(null)}
            closeLabel={t('common.close')}
            size={content.size}
          >
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the answer's HTML, sanitised above */}
            <div dangerouslySetInnerHTML={{ __html: content.body }} />
          </Modal>
        </Suspense>
      )}
    </HtmlModalContext.Provider>
  )
}

export const useHtmlModal = (): Open => {
  const open = useContext(HtmlModalContext)
  if (open === null) throw new Error('useHtmlModal needs an HtmlModalProvider above it')
  return open
}
