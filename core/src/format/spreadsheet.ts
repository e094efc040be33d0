/**
 * Text a spreadsheet would run as a formula (CSV injection): anything starting with =, +, -, @, a
 * tab or a carriage return — `-1+1+cmd|…` as much as `=HYPERLINK(…)`. Numbers never go through
 * this: an export writes amounts and quantities by their own path, so they stay numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/** The text as a spreadsheet cell shows it and never runs it: a leading `'` where it could. */
export const defuseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text)
