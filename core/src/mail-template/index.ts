export {
  type MailPreviewAnswer,
  MailPreviewAnswerSchema,
  type MailTemplateAnswer,
  MailTemplateAnswerSchema,
  type MailTemplateTextAnswer,
  MailTemplateTextAnswerSchema,
} from './answers'
export {
  checkMailTemplate,
  decisionLinksLines,
  defaultMailText,
  documentName,
  type MailDocumentModel,
  type MailTemplateInput,
  MailTemplateInputSchema,
  mailTemplateIssues,
  onBehalfLine,
  renderMail,
  sampleValues,
  templateVariables,
} from './mail-template'
export {
  isMailTemplateKey,
  MAIL_TEMPLATE_KEYS,
  MAIL_TEMPLATES,
  type MailTemplateKey,
  type MailText,
} from './templates'
