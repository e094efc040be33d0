import { PAYMENT_LINE_STATUS_LABELS } from '@procura/core/status'
import type { Texts } from '../en/payments'
import { textsIn } from '../texts-in'

/** The payments texts, loaded with the routes that use them (fr). */
export const texts: Texts = {
  payments: {
    empty: 'Aucun paiement pour l’instant. Payez les factures échues pour préparer un premier lot.',
    title: 'Paiements',
    payDeposit: "Payer l'acompte",
    new: 'Payer des factures',
    accountsTitle: 'Comptes payeurs',
    accountsHelp: 'Les comptes des sociétés, débités par les fichiers SEPA. Leur IBAN principal est utilisé.',
    linesTitle: 'Paiements de ce lot',
    select: 'Sélectionner',
    selectLine: 'Sélectionner {{name}}',
    deposit: 'Acompte de {{code}}',
    reason: '(motif de la banque {{code}})',
    sepaTitle: 'Virement SEPA',
    sepaFormat: 'Version du fichier',
    sepaNone: 'Pas encore de fichier : les paiements sont exportés une fois validés.',
    sepaSummary_one: '{{count}} virement, {{amount}}, fait le {{date}}',
    sepaSummary_other: '{{count}} virements, {{amount}}, fait le {{date}}',
    dateMoved:
      'La date du lot ({{requested}}) était passée : le fichier demande à la banque de payer le {{date}}, jour ouvré suivant.',
    executionDate: 'à payer le {{date}}',
    exportConfirm:
      'Exporter les paiements validés de {{code}} dans un fichier SEPA ? Ils passent planifiés et ne pourront plus être exportés.',
    payConfirm_one: 'Marquer {{count}} paiement comme payé ? Faites-le une fois débité par la banque.',
    payConfirm_other: 'Marquer {{count}} paiements comme payés ? Faites-le une fois débités par la banque.',
    cancelConfirm_one: 'Annuler {{count}} paiement ? Son montant redevient à payer.',
    cancelConfirm_other: 'Annuler {{count}} paiements ? Leurs montants redeviennent à payer.',
    done_one: '{{action}} : {{count}} paiement.',
    done_other: '{{action}} : {{count}} paiements.',
    exported_one: 'Fichier {{reference}} fait avec {{count}} virement.',
    exported_other: 'Fichier {{reference}} fait avec {{count}} virements.',
    answerTitle: 'Réponse de la banque',
    answerHelp:
      'Importez le compte rendu (pain.002) renvoyé par votre banque : les virements réglés passent payés, les rejetés gardent le motif de la banque et leurs factures redeviennent à payer.',
    answerFile: 'Compte rendu (XML)',
    answerImport: 'Importer la réponse',
    answerDone:
      'Réponse de la banque importée : {{paid}} payé(s), {{rejected}} rejeté(s), {{blocked}} bloqué(s), {{failed}} en erreur, {{unchanged}} inchangé(s).',
    proposalHelp:
      'Les factures validées, sans litige, échues à la date, avec leur reste à payer. Laissez un montant vide pour payer tout le reste.',
    dueBy: 'Échues au',
    proposalEmpty: 'Rien à payer au {{date}}.',
    proposalCaption: 'Factures de {{company}} en {{currency}}',
    pay: 'Payer',
    payInvoice: 'Payer {{code}}',
    amountFor: 'Montant pour {{code}}',
    create: 'Créer le paiement pour {{company}}',
    statuses: { ...textsIn(PAYMENT_LINE_STATUS_LABELS, 'fr'), mixed: 'Mixte' },
    fields: {
      code: 'Numéro',
      paymentDate: 'Date de paiement',
      company: 'Société',
      suppliers: 'Fournisseurs',
      lines: 'Paiements',
      status: 'Statut',
      amount: 'Montant TTC',
      createdBy: 'Créé par',
      supplier: 'Fournisseur',
      paid: 'Facture ou acompte',
      invoice: 'Facture',
      dueDate: 'Échéance',
      remaining: 'Reste à payer',
      amountToPay: 'Montant à payer',
    },
    actions: {
      submit: 'Soumettre',
      validate: 'Valider',
      refuse: 'Refuser',
      pay: 'Marquer payé',
      cancel: 'Annuler les paiements',
      export: 'Exporter en SEPA',
    },
  },
}
