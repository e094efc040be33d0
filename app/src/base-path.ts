/**
 * Where the app lives: the server states it in <meta name="procura-base-path">; the dev server
 * uses Vite's base. "" means the root.
 */
export const basePath = (doc: Document = document): string => {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="procura-base-path"]')?.content
  if (meta !== undefined) return meta.replace(/\/+$/, '')
  const viteBase = import.meta.env.BASE_URL
  return viteBase.startsWith('/') ? viteBase.replace(/\/+$/, '') : '/app'
}
