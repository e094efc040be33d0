export { AttachmentAnswerSchema, CommentAnswerSchema } from './answers'
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
