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
  ACCOUNTING_ENTRY_IN_USE: {
    en: 'Account {code} is used by invoices or exports: disable it instead.',
    es: 'La cuenta {code} está en uso en facturas o exportaciones: desactívela.',
    fr: 'Le compte {code} est utilisé par des factures ou des exports : désactivez-le plutôt.',
  },
  ACCOUNTING_NOTHING_TO_EXPORT: {
    en: 'No validated invoice of this company is waiting to be exported.',
    es: 'Ninguna factura validada de esta empresa espera ser exportada.',
    fr: "Aucune facture validée de cette société n'attend d'être exportée.",
  },
  EXPORT_CANCEL_CONFIRMATION_REQUIRED: {
    en: 'Cancelling the export makes its invoices exportable again; the accounting software must cancel its entries too. Confirm to go on.',
    es: 'Anular la exportación vuelve a hacer exportables sus facturas; el programa contable debe anular también sus asientos. Confirme para continuar.',
    fr: "Annuler l'export rend ses factures à nouveau exportables ; le logiciel comptable doit aussi annuler ses écritures. Confirmez pour continuer.",
  },
  EXPORT_PREFIX_LOCKED: {
    en: 'The accounting export prefix cannot change once set.',
    es: 'El prefijo de exportación contable no puede cambiarse una vez definido.',
    fr: "Le préfixe d'export comptable ne peut plus changer une fois défini.",
  },
  PAYMENT_NOTHING_TO_EXPORT: {
    en: 'This payment group has no validated payment to export.',
    es: 'Este lote de pagos no tiene ningún pago validado que exportar.',
    fr: "Ce lot de paiements n'a aucun paiement validé à exporter.",
  },
  BANK_ANSWER_UNKNOWN: {
    en: 'This status report does not answer a file exported by Procura ({reference}).',
    es: 'Este informe de estado no responde a un fichero exportado por Procura ({reference}).',
    fr: 'Ce compte rendu ne répond à aucun fichier exporté par Procura ({reference}).',
  },
  BANK_ANSWER_INVALID: {
    en: 'This file is not a bank status report (pain.002).',
    es: 'Este fichero no es un informe de estado bancario (pain.002).',
    fr: "Ce fichier n'est pas un compte rendu bancaire (pain.002).",
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
