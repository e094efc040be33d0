export {
  ATTACHMENT_VIEWS,
  type AttachmentOwners,
  type AttachmentView,
  AttachmentViewSchema,
  CommentInputSchema,
  checkCanChangeFiles,
  checkCanRemoveAttachment,
  inAttachmentView,
  type ViewContext,
} from './attachments'
export { AttachmentAnswerSchema, CommentAnswerSchema } from './answers'
