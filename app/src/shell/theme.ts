import { useState } from 'react'

export type Theme = 'light' | 'dark'
const KEY = 'procura-theme'

/** The theme the reader chose on this browser, or null to follow the system's. */
const chosen = (): Theme | null => {
  const value = globalThis.localStorage?.getItem(KEY)
  return value === 'light' || value === 'dark' ? value : null
}

/** Puts the chosen theme on <html> (the tokens of ui-kit's styles follow it); called before the first render. */
export const applyTheme = (theme = chosen()) => {
  if (theme === null) delete document.documentElement.dataset.theme
  else document.documentElement.dataset.theme = theme
}

const effective = (): Theme =>
  chosen() ?? (globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')

/** The theme shown and the way to switch to the other one (kept on this browser). */
export const useTheme = () => {
  const [theme, setTheme] = useState<Theme>(effective)
  return {
    theme,
    toggle: () => {
      const next: Theme = theme === 'dark' ? 'light' : 'dark'
      globalThis.localStorage?.setItem(KEY, next)
      applyTheme(next)
      setTheme(next)
    },
  }
}
