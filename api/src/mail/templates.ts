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
