export { SUPPLIER_LIST } from './list'
export {
  canReadSupplier,
  checkCanManageSuppliers,
  SUPPLIER_INTERNAL_FIELDS,
  SUPPLIER_STATUSES,
  type SupplierContactInput,
  SupplierContactInputSchema,
  type SupplierInput,
  SupplierInputSchema,
  supplierViewFor,
} from './supplier'
