/**
 * A count with its noun in English, singular for one, for the texts kept in English (history
 * lines, the command line's summaries): "1 line", "3 lines", "2 expense reports". Never "line(s)".
 */
export const countOf = (count: number, noun: string, plural = `${noun}s`): string =>
  `${count} ${count === 1 ? noun : plural}`
