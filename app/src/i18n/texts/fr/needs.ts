import { NEED_ACTION_LABELS } from '@procura/core/need'
import type { Texts } from '../en/needs'

/** The needs texts, loaded with the routes that use them (fr). */
export const texts: Texts = {
  needs: {
    empty:
      'Aucune demande pour l’instant. Demandez ce dont vous avez besoin avec une nouvelle demande, ou depuis le catalogue.',
    ordersMade_one: '{{count}} commande créée : {{codes}}.',
    ordersMade_other: '{{count}} commandes créées : {{codes}}.',
    linesSuppliers: 'Les fournisseurs avec lesquels les lignes ont été choisies (une commande chacun)',
    chooseSupplier: 'Choisissez un fournisseur',
    requestMade: 'Demande {{code}} créée et envoyée pour approbation.',
    title: 'Demandes',
    new: 'Nouvelle demande',
    seeOrder: 'Voir la commande',
    followOrder: 'La commande passée à partir de cette demande',
    noArticle: 'Aucun article du catalogue ne correspond.',
    articleHint:
      'Tapez deux lettres d’un libellé ou d’une référence pour remplir la ligne depuis le catalogue.',
    waitingOn: 'En attente de : {{names}}',
    order: 'Commande',
    delivery: 'Livraison',
    billing: 'Facturation',
    fields: {
      article: 'Article du catalogue',
      title: 'Objet',
      family: "Famille d'achat",
      description: 'Description',
      estimatedPrice: 'Prix unitaire estimé HT',
      productFamily: 'Famille de produits',
      details: 'Détails',
      quantityStep: 'Pas de quantité',
      unit: 'Unité',
      wantedDate: 'Souhaité pour le',
      comment: 'Commentaire',
      allocation: 'Imputation {{n}}',
      deliveryAddress: 'Adresse de livraison',
      processing: 'Traitement',
    },
    processing: {
      awaiting: "En attente d'un acheteur",
      processing: 'En cours',
      po_submitted: 'Commande créée',
      po_validated: 'Commande validée',
      none: '—',
    },
    actions: NEED_ACTION_LABELS.fr,
  },
}
