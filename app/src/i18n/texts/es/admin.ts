/** The administration texts, loaded with the routes that use them (es). */
export const texts = {
  admin: {
    empty: 'Aún no hay filas.',
    lists: {
      title: 'Listas de referencia',
      companies: 'Empresas',
      departments: 'Departamentos',
      'product-family-types': 'Tipos de familia',
      'product-families': 'Familias de productos',
      'product-subfamilies': 'Subfamilias',
      budgetSettings: 'Ejercicios y códigos de imputación',
    },
    fields: {
      code: 'Código',
      label: 'Descripción',
      active: 'Activo',
      currency: 'Moneda',
      address: 'Dirección',
      vatNumber: 'NIF-IVA',
      company: 'Empresa',
      familyType: 'Tipo de familia',
      family: 'Familia',
    },
  },
}
