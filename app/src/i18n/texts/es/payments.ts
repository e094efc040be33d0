import { PAYMENT_LINE_STATUS_LABELS } from '@procura/core/status'
import type { Texts } from '../en/payments'
import { textsIn } from '../texts-in'

/** The payments texts, loaded with the routes that use them (es). */
export const texts: Texts = {
  payments: {
    empty: 'Aún no hay pagos. Pague las facturas vencidas para preparar un primer grupo.',
    title: 'Pagos',
    payDeposit: 'Pagar el anticipo',
    new: 'Pagar facturas',
    accountsTitle: 'Cuentas pagadoras',
    accountsHelp:
      'Las cuentas propias de las empresas, cargadas por los ficheros SEPA. Se usa su IBAN principal.',
    linesTitle: 'Pagos de este lote',
    select: 'Seleccionar',
    selectLine: 'Seleccionar {{name}}',
    expenseReport: 'Informe de gastos {{code}}',
    deposit: 'Anticipo de {{code}}',
    reason: '(motivo del banco {{code}})',
    sepaTitle: 'Transferencia SEPA',
    sepaFormat: 'Versión del fichero',
    sepaNone: 'Aún no hay fichero: los pagos se exportan una vez validados.',
    sepaSummary_one: '{{count}} transferencia, {{amount}}, generado el {{date}}',
    sepaSummary_other: '{{count}} transferencias, {{amount}}, generado el {{date}}',
    dateMoved:
      'La fecha del grupo ({{requested}}) ya había pasado: el fichero pide al banco pagar el {{date}}, el siguiente día hábil.',
    executionDate: 'a pagar el {{date}}',
    exportConfirm:
      '¿Exportar los pagos validados de {{code}} a un fichero SEPA? Pasan a planificados y no podrán exportarse de nuevo.',
    payConfirm_one: '¿Marcar {{count}} pago como pagado? Hágalo cuando el banco lo haya cargado.',
    payConfirm_other: '¿Marcar {{count}} pagos como pagados? Hágalo cuando el banco los haya cargado.',
    cancelConfirm_one: '¿Anular {{count}} pago? Su importe vuelve a ser pagable.',
    cancelConfirm_other: '¿Anular {{count}} pagos? Sus importes vuelven a ser pagables.',
    done_one: '{{action}}: {{count}} pago.',
    done_other: '{{action}}: {{count}} pagos.',
    exported_one: 'Fichero {{reference}} generado con {{count}} transferencia.',
    exported_other: 'Fichero {{reference}} generado con {{count}} transferencias.',
    answerTitle: 'Respuesta del banco',
    answerHelp:
      'Importe el informe de estado (pain.002) que devuelve su banco: las transferencias liquidadas pasan a pagadas, las rechazadas guardan el motivo del banco y sus facturas vuelven a ser pagables.',
    answerFile: 'Informe de estado (XML)',
    answerImport: 'Importar la respuesta',
    answerDone:
      'Respuesta del banco importada: {{paid}} pagados, {{rejected}} rechazados, {{blocked}} bloqueados, {{failed}} con error, {{unchanged}} sin cambios.',
    proposalHelp:
      'Las facturas validadas y sin litigio que vencen antes de la fecha, con lo que queda por pagar. Deje un importe vacío para pagar todo lo pendiente.',
    dueBy: 'Vencidas antes del',
    proposalEmpty: 'Nada que pagar antes del {{date}}.',
    proposalCaption: 'Facturas de {{company}} en {{currency}}',
    pay: 'Pagar',
    ibanCheckReason: 'Por qué pagar {{code}}: qué ha verificado',
    payInvoice: 'Pagar {{code}}',
    amountFor: 'Importe para {{code}}',
    create: 'Crear el pago para {{company}}',
    statuses: { ...textsIn(PAYMENT_LINE_STATUS_LABELS, 'es'), mixed: 'Mixto' },
    fields: {
      code: 'Número',
      paymentDate: 'Fecha de pago',
      company: 'Empresa',
      suppliers: 'Proveedores',
      lines: 'Pagos',
      status: 'Estado',
      amount: 'Importe con IVA',
      createdBy: 'Creado por',
      supplier: 'Proveedor',
      paid: 'Factura o anticipo',
      invoice: 'Factura',
      dueDate: 'Vencimiento',
      remaining: 'Pendiente de pago',
      amountToPay: 'Importe a pagar',
    },
    actions: {
      submit: 'Enviar',
      validate: 'Validar',
      refuse: 'Rechazar',
      pay: 'Marcar como pagado',
      cancel: 'Anular pagos',
      export: 'Exportar a SEPA',
    },
  },
}
