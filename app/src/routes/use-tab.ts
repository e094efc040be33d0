import { useSearchParams } from 'react-router'

/** The open section of a document page, kept in the URL (?tab=) so a reload or a shared link opens it. */
export const useTab = (first: string): [string, (tab: string) => void] => {
  const [params, setParams] = useSearchParams()
  const tab = params.get('tab') ?? first
  const choose = (next: string) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current)
        if (next === first) changed.delete('tab')
        else changed.set('tab', next)
        return changed
      },
      { replace: true },
    )
  return [tab, choose]
}
