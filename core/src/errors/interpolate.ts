export type MessageParams = Readonly<Record<string, string | number>>

const PLACEHOLDER = /\{(\w+)\}/g

/** The names of the parameters a message text expects, in order of appearance. */
export const placeholdersOf = (text: string): string[] =>
  [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '')

/** Fills `{name}` placeholders; a missing parameter is left visible rather than silently dropped. */
export const interpolate = (text: string, params: MessageParams = {}): string =>
  text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name]
    return value === undefined ? whole : String(value)
  })
