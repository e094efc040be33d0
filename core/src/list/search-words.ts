/** At most this many words of a search are looked for; the rest narrow nothing more in practice. */
export const MAX_SEARCH_WORDS = 8

/**
 * The words of a list's search (docs/lists.md): split on spaces, each kept once (case ignored), in
 * the order typed. A document matches when every word is found in one of its searched fields, in
 * any order and any field: "Clairefontaine A4" finds "Ramette A4 Clairefontaine", and an order
 * whose supplier is Clairefontaine and one of whose lines says A4.
 */
export const searchWords = (search: string | null): string[] => {
  const seen = new Set<string>()
  const words: string[] = []
  for (const word of (search ?? '').split(/\s+/u)) {
    const key = word.toLocaleLowerCase()
    if (word === '' || seen.has(key)) continue
    seen.add(key)
    words.push(word)
    if (words.length === MAX_SEARCH_WORDS) break
  }
  return words
}
