export {
  ATTACHMENT_VIEWS,
  type AttachmentOwners,
  type AttachmentView,
  AttachmentViewSchema,
  CommentInputSchema,
  checkCanRemoveAttachment,
  inAttachmentView,
  type ViewContext,
} from './attachments'
