export {
  CUSTOM_FIELD_MODELS,
  CUSTOM_FIELD_TYPES,
  type CustomFieldDefinition,
  type CustomFieldInput,
  CustomFieldInputSchema,
  type CustomFieldModel,
  type CustomFieldType,
  CustomValueShownSchema,
  type CustomValues,
  checkCustomValues,
  customFilterKey,
  customValueText,
} from './custom-field'
