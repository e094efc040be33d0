export {
  type Company,
  CompanySchema,
  codeSchema,
  type Department,
  DepartmentSchema,
} from './organisation.schema'
