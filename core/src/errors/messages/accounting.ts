import type { MessageTable } from '../message-table'

/** Accounting exports and SEPA (purchasing-domain §5 and §8). */
export const ACCOUNTING_MESSAGES = {
  EXPORT_IN_PROGRESS: {
    en: 'An export is already in progress.',
    es: 'Ya hay una exportación en curso.',
    fr: 'Un export est déjà en cours.',
  },
  INVOICE_ALREADY_EXPORTED: {
    en: 'Invoice {invoice} has already been exported.',
    es: 'La factura {invoice} ya ha sido exportada.',
    fr: 'La facture {invoice} a déjà été exportée.',
  },
  INVOICE_NOT_VALIDATED: {
    en: 'Invoice {invoice} is not validated.',
    es: 'La factura {invoice} no está validada.',
    fr: "La facture {invoice} n'est pas validée.",
  },
  MISSING_ACCOUNTING_ENTRY: {
    en: 'Invoice {invoice} has no accounting entry.',
    es: 'La factura {invoice} no tiene asiento contable.',
    fr: "La facture {invoice} n'a pas d'écriture comptable.",
  },
  SUPPLIER_WITHOUT_CODE: {
    en: 'Supplier {supplier} has no code.',
    es: 'El proveedor {supplier} no tiene código.',
    fr: "Le fournisseur {supplier} n'a pas de code.",
  },
  EXPORT_PREFIX_LOCKED: {
    en: 'The accounting export prefix cannot change once set.',
    es: 'El prefijo de exportación contable no puede cambiarse una vez definido.',
    fr: "Le préfixe d'export comptable ne peut plus changer une fois défini.",
  },
  SEPA_EURO_ONLY: {
    en: 'A SEPA transfer can only be made in euros.',
    es: 'Una transferencia SEPA solo puede hacerse en euros.',
    fr: "Un virement SEPA ne peut être fait qu'en euros.",
  },
  SEPA_MISSING_PAYER_BANK_DETAILS: {
    en: 'The bank details of the paying company are missing.',
    es: 'Faltan los datos bancarios de la empresa pagadora.',
    fr: 'Les coordonnées bancaires de la société payeuse manquent.',
  },
  SEPA_MISSING_SUPPLIER_BANK_DETAILS: {
    en: 'The bank details of supplier {supplier} are missing.',
    es: 'Faltan los datos bancarios del proveedor {supplier}.',
    fr: 'Les coordonnées bancaires du fournisseur {supplier} manquent.',
  },
} as const satisfies MessageTable
