export {
  type ApprovalFile,
  type ApprovalInput,
  approvalIssues,
  approvedUntil,
  checkForcedStatusEnd,
  type GeographicSector,
  IDENTIFIER_LABELS,
  missingFiles,
  type RequiredFileType,
  readableIssueParams,
  requiredIdentifiers,
  SECTOR_IDENTIFIERS,
  type SectorIdentifier,
  vigilanceGaps,
} from './approval'
export { FILE_STATES, type FileState, fileState, fileValidityDate } from './files'
export { SUPPLIER_LIST } from './list'
export {
  type DeliveryRecord,
  meetsObjective,
  onQualityDelivery,
  onTimeDelivery,
} from './performance'
export {
  ACCOUNT_TYPES,
  CONTACT_TYPES,
  canReadSupplier,
  checkCanManageSuppliers,
  FileCategoryInputSchema,
  FileTypeInputSchema,
  ForcedStatusInputSchema,
  SectorInputSchema,
  SUPPLIER_INTERNAL_FIELDS,
  SUPPLIER_STATUSES,
  type SupplierContactInput,
  SupplierContactInputSchema,
  SupplierFileInputSchema,
  SupplierGroupInputSchema,
  type SupplierInput,
  SupplierInputSchema,
  supplierStatusOn,
  supplierViewFor,
} from './supplier'
