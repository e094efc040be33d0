import { expect, test } from 'vitest'
import { LANGUAGES } from '../i18n/language'
import {
  checkMailTemplate,
  mailTemplateIssues,
  renderMail,
  sampleValues,
  templateVariables,
} from './mail-template'
import { MAIL_TEMPLATE_KEYS, MAIL_TEMPLATES } from './templates'

test.each(MAIL_TEMPLATE_KEYS)(
  '%s: its own text in every language uses only the variables it offers',
  (key) => {
    for (const language of LANGUAGES) {
      const text = MAIL_TEMPLATES[key].texts[language]
      expect([language, mailTemplateIssues(key, text)]).toEqual([language, null])
      // A preview leaves no variable unwritten.
      const preview = renderMail(text, sampleValues(key, language))
      expect(`${preview.subject}${preview.text}`).not.toMatch(/\{\w+\}/)
    }
    for (const name of templateVariables(key))
      for (const language of LANGUAGES)
        expect(
          (MAIL_TEMPLATES[key].variables as Record<string, Record<string, string>>)[name]?.[language],
        ).toBeTruthy()
  },
)

test('a variable the mail does not offer is refused where it is written, naming the ones offered', () => {
  expect(
    checkMailTemplate('notification', { subject: 'About {document}', content: '{text} {link} {price}' }),
  ).toEqual({
    ok: false,
    error: {
      code: 'FORM_ERRORS',
      fields: {
        subject: [
          {
            code: 'MAIL_TEMPLATE_UNKNOWN_VARIABLE',
            params: { variable: '{document}', variables: '{name}, {text}, {link}' },
          },
        ],
        content: [
          {
            code: 'MAIL_TEMPLATE_UNKNOWN_VARIABLE',
            params: { variable: '{price}', variables: '{name}, {text}, {link}' },
          },
        ],
      },
    },
  })
  expect(checkMailTemplate('notification', { subject: 'News', content: '{name}: {text}' }).ok).toBe(true)
})

test('a subject stays on one line whatever its values hold', () => {
  expect(renderMail({ subject: 'Files: {files}', content: '{files}' }, { files: 'a\nb' })).toEqual({
    subject: 'Files: a b',
    text: 'a\nb',
  })
})

test('a preview’s link leads where that mail leads: a password mail never shows an order’s link', () => {
  expect(sampleValues('password_reset', 'en').link).toMatch(/\/password-reset\//)
  expect(sampleValues('portal_invitation', 'fr').link).toMatch(/\/password-reset\//)
  expect(sampleValues('validation_request', 'en').link).toMatch(/\/purchase-orders\//)
})
