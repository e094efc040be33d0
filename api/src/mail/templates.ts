import { interpolate } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'

type Template = { subject: string; text: string }

/** Mail templates per language; `{name}` marks a variable. */
const PASSWORD_RESET: Record<Language, Template> = {
  en: {
    subject: 'Procura: reset your password',
    text: 'Hello {name},\n\nTo choose a new password, open this link within {minutes} minutes:\n{link}\n\nIf you did not ask for it, ignore this message: your password stays as it is.\n',
  },
  es: {
    subject: 'Procura: restablezca su contraseña',
    text: 'Hola {name}:\n\nPara elegir una nueva contraseña, abra este enlace en los próximos {minutes} minutos:\n{link}\n\nSi no lo ha solicitado, ignore este mensaje: su contraseña no cambia.\n',
  },
  fr: {
    subject: 'Procura : réinitialisez votre mot de passe',
    text: 'Bonjour {name},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien dans les {minutes} minutes :\n{link}\n\nSi vous ne l’avez pas demandé, ignorez ce message : votre mot de passe ne change pas.\n',
  },
}

export const passwordResetMail = (
  language: Language,
  values: { name: string; link: string; minutes: number },
) => ({
  subject: PASSWORD_RESET[language].subject,
  text: interpolate(PASSWORD_RESET[language].text, values),
})

const ORDER_COVER: Record<Language, string> = {
  en: 'Hello,\n\nPlease find attached our purchase order {code}.\n\nBest regards,\n{buyer}\n',
  es: 'Buenos días:\n\nAdjuntamos nuestro pedido de compra {code}.\n\nAtentamente,\n{buyer}\n',
  fr: 'Bonjour,\n\nVeuillez trouver ci-joint notre bon de commande {code}.\n\nCordialement,\n{buyer}\n',
}

/** The cover text of an order e-mail when the buyer writes none. */
export const orderCoverText = (language: Language, values: { code: string; buyer: string }) =>
  interpolate(ORDER_COVER[language], values)

const VALIDATION_REQUEST: Record<Language, Template> = {
  en: {
    subject: 'Procura: {document} waits for your validation',
    text: 'Hello {name},\n\n{document} ({amount}) waits for your validation.\n{onBehalf}Open it: {link}\n',
  },
  es: {
    subject: 'Procura: {document} espera su validación',
    text: 'Hola {name}:\n\n{document} ({amount}) espera su validación.\n{onBehalf}Enlace: {link}\n',
  },
  fr: {
    subject: 'Procura : {document} attend votre validation',
    text: 'Bonjour {name},\n\n{document} ({amount}) attend votre validation.\n{onBehalf}Lien : {link}\n',
  },
}
const DOCUMENT_NAMES: Record<Language, { need: string; purchase_order: string }> = {
  en: { need: 'Request {code}', purchase_order: 'Purchase order {code}' },
  es: { need: 'La solicitud {code}', purchase_order: 'El pedido {code}' },
  fr: { need: 'La demande {code}', purchase_order: 'La commande {code}' },
}
const ON_BEHALF: Record<Language, string> = {
  en: 'You receive this as the delegate of {delegator}.\n',
  es: 'Lo recibe como delegado de {delegator}.\n',
  fr: 'Vous le recevez en tant que délégué de {delegator}.\n',
}

/** The e-mail to a validator (or a delegate who asked to be told) with a document to validate. */
export const validationRequestMail = (
  language: Language,
  values: {
    name: string
    model: 'need' | 'purchase_order'
    code: string
    amount: string
    link: string
    delegator: string | null
  },
) => {
  const document = interpolate(DOCUMENT_NAMES[language][values.model], { code: values.code })
  const onBehalf =
    values.delegator === null ? '' : interpolate(ON_BEHALF[language], { delegator: values.delegator })
  const all = { name: values.name, amount: values.amount, link: values.link, document, onBehalf }
  return {
    subject: interpolate(VALIDATION_REQUEST[language].subject, all),
    text: interpolate(VALIDATION_REQUEST[language].text, all),
  }
}

const DECISION: Record<Language, Record<'approved' | 'refused', Template>> = {
  en: {
    approved: {
      subject: 'Procura: {document} is approved',
      text: 'Hello {name},\n\n{document} has been approved by {by}.\nOpen it: {link}\n',
    },
    refused: {
      subject: 'Procura: {document} is refused',
      text: 'Hello {name},\n\n{document} has been refused by {by}:\n\n  {reason}\n\nYou may change it and submit it again: {link}\n',
    },
  },
  es: {
    approved: {
      subject: 'Procura: {document}, aprobación',
      text: 'Hola {name}:\n\n{document}: aprobación de {by}.\nEnlace: {link}\n',
    },
    refused: {
      subject: 'Procura: {document}, rechazo',
      text: 'Hola {name}:\n\n{document}: rechazo de {by}:\n\n  {reason}\n\nPuede modificarlo y enviarlo de nuevo: {link}\n',
    },
  },
  fr: {
    approved: {
      subject: 'Procura : {document}, approbation',
      text: 'Bonjour {name},\n\n{document} : approbation de {by}.\nLien : {link}\n',
    },
    refused: {
      subject: 'Procura : {document}, refus',
      text: 'Bonjour {name},\n\n{document} : refus de {by} :\n\n  {reason}\n\nVous pouvez le modifier et le soumettre à nouveau : {link}\n',
    },
  },
}

/** The e-mail to a document's author when its validation ends: approved, or refused with the reason. */
export const decisionMail = (
  language: Language,
  values: {
    name: string
    model: 'need' | 'purchase_order'
    code: string
    decision: 'approved' | 'refused'
    by: string
    reason: string | null
    link: string
  },
) => {
  const document = interpolate(DOCUMENT_NAMES[language][values.model], { code: values.code })
  const template = DECISION[language][values.decision]
  const all = { name: values.name, document, by: values.by, reason: values.reason ?? '', link: values.link }
  return { subject: interpolate(template.subject, all), text: interpolate(template.text, all) }
}

const FILES_EXPIRING: Record<Language, Template> = {
  en: {
    subject: 'Procura: documents of {supplier} expire soon',
    text: 'Hello {name},\n\nThese documents of {supplier} expire soon; ask the supplier for new ones:\n{files}\n\n{link}\n',
  },
  es: {
    subject: 'Procura: documentos de {supplier} caducan pronto',
    text: 'Hola {name}:\n\nEstos documentos de {supplier} caducan pronto; pida otros nuevos al proveedor:\n{files}\n\n{link}\n',
  },
  fr: {
    subject: 'Procura : des documents de {supplier} expirent bientôt',
    text: 'Bonjour {name},\n\nCes documents de {supplier} expirent bientôt ; demandez-en de nouveaux au fournisseur :\n{files}\n\n{link}\n',
  },
}

/** Warns a supplier's manager of its documents expiring soon (one line per document). */
export const filesExpiringMail = (
  language: Language,
  values: { name: string; supplier: string; files: string; link: string },
) => ({
  subject: interpolate(FILES_EXPIRING[language].subject, values),
  text: interpolate(FILES_EXPIRING[language].text, values),
})

const CONTRACT_NOTICE: Record<Language, Template> = {
  en: {
    subject: 'Procura: notice for the contract {contract} of {supplier}',
    text: 'Hello {name},\n\nThe contract {contract} of {supplier} ends on {end}. To stop it, give notice by {deadline}; otherwise it goes on as agreed.\n\n{link}\n',
  },
  es: {
    subject: 'Procura: preaviso del contrato {contract} de {supplier}',
    text: 'Hola {name}:\n\nEl contrato {contract} de {supplier} termina el {end}. Para rescindirlo, dé el preaviso antes del {deadline}; si no, continúa según lo acordado.\n\n{link}\n',
  },
  fr: {
    subject: 'Procura : préavis du contrat {contract} de {supplier}',
    text: 'Bonjour {name},\n\nLe contrat {contract} de {supplier} se termine le {end}. Pour y mettre fin, donnez votre préavis avant le {deadline} ; sinon il se poursuit comme convenu.\n\n{link}\n',
  },
}

/** Warns a supplier's manager that a contract's notice deadline is near. */
export const contractNoticeMail = (
  language: Language,
  values: { name: string; supplier: string; contract: string; deadline: string; end: string; link: string },
) => ({
  subject: interpolate(CONTRACT_NOTICE[language].subject, values),
  text: interpolate(CONTRACT_NOTICE[language].text, values),
})

const PORTAL_INVITATION: Record<Language, Template> = {
  en: {
    subject: 'Procura: {company} invites you to its supplier portal',
    text: 'Hello {name},\n\n{company} invites you to follow its orders to {supplier} and send the documents it asks for. Choose your password within {days} days:\n{link}\n\nYour login is {login}.\n',
  },
  es: {
    subject: 'Procura: {company} le invita a su portal de proveedores',
    text: 'Hola {name}:\n\n{company} le invita a seguir sus pedidos a {supplier} y enviar los documentos que solicita. Elija su contraseña en los próximos {days} días:\n{link}\n\nSu usuario es {login}.\n',
  },
  fr: {
    subject: 'Procura : {company} vous invite sur son portail fournisseurs',
    text: 'Bonjour {name},\n\n{company} vous invite à suivre ses commandes à {supplier} et à envoyer les documents demandés. Choisissez votre mot de passe dans les {days} jours :\n{link}\n\nVotre identifiant est {login}.\n',
  },
}

/** Invites a supplier's contact to the portal: a link to choose its password. */
export const portalInvitationMail = (
  language: Language,
  values: { name: string; company: string; supplier: string; days: number; link: string; login: string },
) => ({
  subject: interpolate(PORTAL_INVITATION[language].subject, values),
  text: interpolate(PORTAL_INVITATION[language].text, values),
})

const ACTIONS_TO_DO: Record<Language, Template> = {
  en: {
    subject: 'Procura: {count} actions wait for you',
    text: 'Hello {name},\n\nHere is what waits for you in Procura:\n{actions}\n\n{link}\n\nYou choose whether this digest comes on your Notifications tab.\n',
  },
  es: {
    subject: 'Procura: {count} acciones le esperan',
    text: 'Hola {name}:\n\nEsto es lo que le espera en Procura:\n{actions}\n\n{link}\n\nUsted elige si recibe este resumen en su pestaña Notificaciones.\n',
  },
  fr: {
    subject: 'Procura : {count} actions vous attendent',
    text: 'Bonjour {name},\n\nVoici ce qui vous attend dans Procura :\n{actions}\n\n{link}\n\nVous choisissez de recevoir ou non ce récapitulatif dans votre onglet Notifications.\n',
  },
}

/** The digest of a user's actions to do (one line per kind, with its count). */
export const actionsToDoMail = (
  language: Language,
  values: { name: string; count: number; actions: string; link: string },
) => ({
  subject: interpolate(ACTIONS_TO_DO[language].subject, values),
  text: interpolate(ACTIONS_TO_DO[language].text, values),
})

const NOTIFICATION: Record<Language, Template> = {
  en: {
    subject: 'Procura: {text}',
    text: 'Hello {name},\n\n{text}\n\n{link}\n\nYou choose where each notification reaches you on your Notifications tab.\n',
  },
  es: {
    subject: 'Procura: {text}',
    text: 'Hola {name}:\n\n{text}\n\n{link}\n\nUsted elige dónde le llega cada notificación en su pestaña Notificaciones.\n',
  },
  fr: {
    subject: 'Procura : {text}',
    text: 'Bonjour {name},\n\n{text}\n\n{link}\n\nVous choisissez où chaque notification vous parvient dans votre onglet Notifications.\n',
  },
}

/** A notification by e-mail, for the kinds that have no mail of their own. */
export const notificationMail = (
  language: Language,
  values: { name: string; text: string; link: string },
) => ({
  subject: interpolate(NOTIFICATION[language].subject, values),
  text: interpolate(NOTIFICATION[language].text, values),
})
