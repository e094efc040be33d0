/**
 * The app's texts, one i18next namespace per area (app/src/i18n/texts/{language}/{namespace}.ts).
 * The shell's texts (sign-in, menu, dashboard, lists, common words) come with the first page; an
 * area's texts load with the routes that use them, in the reader's language only, so a new area
 * adds nothing to the first page. Keys keep their area prefix ("orders.fields.supplier"): a key
 * is found in whichever loaded namespace holds its area.
 */
export declare const SHELL_NAMESPACE = 'shell'
export declare const AREA_NAMESPACES: readonly [
  'users',
  'orders',
  'needs',
  'circuits',
  'catalogue',
  'suppliers',
  'deliveries',
  'invoices',
  'payments',
  'accounting',
]
export type AreaNamespace = (typeof AREA_NAMESPACES)[number]
/** Which namespace holds each area's key prefix. */
export declare const NAMESPACE_OF_GROUP: Readonly<Record<string, typeof SHELL_NAMESPACE | AreaNamespace>>
