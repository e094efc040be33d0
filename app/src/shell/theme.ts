import { useState } from 'react'

export type Theme = 'light' | 'dark'
const KEY = 'procura-theme'

/** The theme the reader chose on this browser, or null to follow the system's. */
const chosen = (): Theme | null => {
  const value = globalThis.localStorage?.getItem(KEY)
  return value === 'light' || value === 'dark' ? value : null
}

const systemDark = () => globalThis.matchMedia?.('(prefers-color-scheme: dark)')

const effective = (): Theme => chosen() ?? (systemDark()?.matches ? 'dark' : 'light')

/**
 * Puts the theme on <html> (the tokens of ui-kit's styles follow it): the reader's choice, else the
 * system's, followed when the system changes. Called before the first render.
 */
export const applyTheme = (theme = chosen()) => {
  document.documentElement.dataset.theme = theme ?? effective()
}
systemDark()?.addEventListener?.('change', () => {
  if (chosen() === null) applyTheme()
})

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
