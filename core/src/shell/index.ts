export {
  type ActionsToDoAnswer,
  ActionsToDoAnswerSchema,
  ConfigurationPageAnswerSchema,
  type HeaderInfosAnswer,
  HeaderInfosAnswerSchema,
  HtmlModalAnswerSchema,
  type InitInfosAnswer,
  InitInfosAnswerSchema,
  LoginInfosAnswerSchema,
  MainMenuAnswerSchema,
  type MenuItemAnswer,
  UnreadCountAnswerSchema,
} from './answers'
