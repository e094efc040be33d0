export {
  type Company,
  CompanySchema,
  codeSchema,
  type Department,
  DepartmentInputSchema,
  DepartmentSchema,
  ProductFamilyInputSchema,
  ProductFamilyTypeInputSchema,
  ProductSubfamilyInputSchema,
} from './organisation.schema'
