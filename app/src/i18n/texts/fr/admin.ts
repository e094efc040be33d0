/** The administration texts, loaded with the routes that use them (fr). */
export const texts = {
  admin: {
    empty: 'Aucune ligne.',
    lists: {
      title: 'Listes de référence',
      companies: 'Sociétés',
      departments: 'Services',
      'product-family-types': 'Types de familles',
      'product-families': 'Familles de produits',
      'product-subfamilies': 'Sous-familles',
      budgetSettings: 'Exercices et codes d’imputation',
    },
    fields: {
      code: 'Code',
      label: 'Libellé',
      active: 'Actif',
      currency: 'Devise',
      address: 'Adresse',
      vatNumber: 'N° de TVA',
      company: 'Société',
      familyType: 'Type de famille',
      family: 'Famille',
    },
  },
}
