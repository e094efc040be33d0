export {
  checkCanManageSuppliers,
  SUPPLIER_STATUSES,
  type SupplierContactInput,
  SupplierContactInputSchema,
  type SupplierInput,
  SupplierInputSchema,
} from './supplier'
