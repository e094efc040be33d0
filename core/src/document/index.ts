export { AttachmentAnswerSchema, CommentAnswerSchema } from './answers'
export {
  ATTACHMENT_POLICY_ACTIONS,
  ATTACHMENT_VIEWS,
  type AttachmentOwners,
  type AttachmentPolicyAction,
  type AttachmentView,
  AttachmentViewSchema,
  allowedAttachmentActions,
  CommentInputSchema,
  checkCanChangeFiles,
  inAttachmentView,
  type ViewContext,
} from './attachments'
