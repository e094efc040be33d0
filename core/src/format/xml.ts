const SPECIAL = /[&<>"]/

/** Text for an XML element or attribute; most values have nothing to escape and are answered as they are. */
export const escapeXml = (value: string) =>
  SPECIAL.test(value)
    ? value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
    : value

/** An element with its content already written (children, or escaped text), and its attributes. */
export const xmlElement = (name: string, content: string, attributes = '') =>
  `<${name}${attributes}>${content}</${name}>`
