/** The administration texts, loaded with the routes that use them (en). */
export const texts = {
  admin: {
    empty: 'No row yet.',
    lists: {
      title: 'Reference lists',
      companies: 'Companies',
      departments: 'Departments',
      'product-family-types': 'Product family types',
      'product-families': 'Product families',
      'product-subfamilies': 'Product subfamilies',
      budgetSettings: 'Fiscal periods and allocation codes',
    },
    fields: {
      code: 'Code',
      label: 'Label',
      active: 'Active',
      currency: 'Currency',
      address: 'Address',
      vatNumber: 'VAT number',
      company: 'Company',
      familyType: 'Family type',
      family: 'Family',
    },
  },
}
