import type { ListDefinition } from '../list/definition'

const t = (en: string, es: string, fr: string) => ({ en, es, fr })

/** The catalogue seen from a warehouse (GET /bwapi/warehouses/{w}/articles). */
export const ARTICLE_LIST = {
  name: 'articles',
  title: t('Articles', 'Artículos', 'Articles'),
  defaultSort: { key: 'label', direction: 'asc' },
  columns: [
    { key: 'reference', kind: 'code', label: t('Reference', 'Referencia', 'Référence'), sortable: true },
    { key: 'label', kind: 'text', label: t('Label', 'Denominación', 'Libellé'), sortable: true },
    {
      key: 'supplier_code',
      kind: 'code',
      label: t('Supplier’s reference', 'Referencia del proveedor', 'Référence fournisseur'),
      visible: false,
    },
    { key: 'product_family', kind: 'text', label: t('Family', 'Familia', 'Famille') },
    {
      key: 'price',
      field: 'price_exctax',
      kind: 'amount',
      label: t('Price excl. tax', 'Precio sin IVA', 'Prix HT'),
      sortable: true,
    },
    {
      key: 'stock',
      field: 'stock.available',
      kind: 'number',
      label: t('Available stock', 'Stock disponible', 'Stock disponible'),
      sortable: true,
    },
    {
      key: 'created_at',
      kind: 'datetime',
      label: t('Created', 'Creado', 'Créé'),
      sortable: true,
      visible: false,
    },
  ],
} as const satisfies ListDefinition
