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
