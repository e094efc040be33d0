import { z } from 'zod'
import type { DomainError, FieldIssues } from '../errors/domain-error'
import { formError } from '../errors/domain-error'
import { interpolate } from '../errors/translate'
import type { Language } from '../i18n/language'
import { err, ok, type Result } from '../result'
import { MAIL_TEMPLATES, type MailTemplateKey, type MailText } from './templates'

/** The variables a mail offers, in their order. */
export const templateVariables = (key: MailTemplateKey): string[] =>
  Object.keys(MAIL_TEMPLATES[key].variables)

/** A template as an administrator writes it (PUT /bwapi/mail-templates/{key}/{language}). */
export const MailTemplateInputSchema = z.object({
  subject: z.string().trim().min(1).max(300),
  content: z.string().trim().min(1).max(20_000),
})
export type MailTemplateInput = z.output<typeof MailTemplateInputSchema>

const VARIABLE = /\{(\w+)\}/g

/** A variable the mail does not offer, in its subject or content, is refused there (it would stay as typed). */
export const mailTemplateIssues = (key: MailTemplateKey, input: MailTemplateInput): FieldIssues | null => {
  const offered = templateVariables(key)
  const issues: Record<string, FieldIssues[string]> = {}
  for (const field of ['subject', 'content'] as const) {
    const unknown = [...input[field].matchAll(VARIABLE)]
      .map((m) => m[1] as string)
      .find((n) => !offered.includes(n))
    if (unknown !== undefined)
      issues[field] = [
        {
          code: 'MAIL_TEMPLATE_UNKNOWN_VARIABLE',
          params: { variable: `{${unknown}}`, variables: offered.map((n) => `{${n}}`).join(', ') },
        },
      ]
  }
  return Object.keys(issues).length === 0 ? null : issues
}

/** Checks a rewritten template; refused with the fields at fault. */
export const checkMailTemplate = (
  key: MailTemplateKey,
  input: MailTemplateInput,
): Result<MailTemplateInput, DomainError> => {
  const issues = mailTemplateIssues(key, input)
  return issues === null ? ok(input) : err(formError(issues))
}

/** A mail written from its template (the administrator's, else the product's) and its values. */
export const renderMail = (
  text: MailText,
  values: Readonly<Record<string, string | number>>,
): { subject: string; text: string } => ({
  // A subject is one line: the values' line breaks become spaces.
  subject: interpolate(text.subject, values).replace(/\s*\n\s*/g, ' '),
  text: interpolate(text.content, values),
})

/** The product's own text of a mail in a language. */
export const defaultMailText = (key: MailTemplateKey, language: Language): MailText =>
  MAIL_TEMPLATES[key].texts[language]

/** How a validation mail names its document ({document}), in the reader's language. */
export type MailDocumentModel =
  | 'need'
  | 'purchase_order'
  | 'expense_report'
  | 'payment_group'
  | 'framework_agreement'

const DOCUMENT_NAMES: Readonly<Record<Language, Readonly<Record<MailDocumentModel, string>>>> = {
  en: {
    need: 'Request {code}',
    purchase_order: 'Purchase order {code}',
    expense_report: 'Expense report {code}',
    payment_group: 'Payment {code}',
    framework_agreement: 'Framework agreement {code}',
  },
  es: {
    need: 'La solicitud {code}',
    purchase_order: 'El pedido {code}',
    expense_report: 'El informe de gastos {code}',
    payment_group: 'El pago {code}',
    framework_agreement: 'El acuerdo marco {code}',
  },
  fr: {
    need: 'La demande {code}',
    purchase_order: 'La commande {code}',
    expense_report: 'La note de frais {code}',
    payment_group: 'Le paiement {code}',
    framework_agreement: 'L’accord-cadre {code}',
  },
}

/** A document named in the reader's language ({document}). */
export const documentName = (language: Language, model: MailDocumentModel, code: string): string =>
  interpolate(DOCUMENT_NAMES[language][model], { code })

/** The lines with a validation request's decision links ({decisionLinks}), or none. */
export const decisionLinksLines = (
  language: Language,
  links: { validate: string; refuse: string } | null,
): string =>
  links === null
    ? ''
    : interpolate(
        {
          en: 'Validate: {validate}\nRefuse: {refuse}\n',
          es: 'Validar: {validate}\nRechazar: {refuse}\n',
          fr: 'Valider : {validate}\nRefuser : {refuse}\n',
        }[language],
        links,
      )

/** The line a delegate reads ({onBehalf}): whom they receive the mail for. */
export const onBehalfLine = (language: Language, delegator: string | null): string =>
  delegator === null
    ? ''
    : interpolate(
        {
          en: 'You receive this as the delegate of {delegator}.\n',
          es: 'Lo recibe como delegado de {delegator}.\n',
          fr: 'Vous le recevez en tant que délégué de {delegator}.\n',
        }[language],
        { delegator },
      )

const SAMPLE: Readonly<Record<string, string | number>> = {
  name: 'Camille Martin',
  link: 'https://procura.example/app/purchase-orders/42',
  minutes: 60,
  amount: '1,234.50 EUR',
  by: 'Dominique Petit',
  reason: 'The quantity is twice what the project needs.',
  supplier: 'OfficePro',
  files: '- Kbis (2026-12-31)\n- URSSAF (2026-12-15)',
  contract: 'Maintenance 2026',
  deadline: '2026-12-31',
  end: '2027-03-31',
  company: 'Acme Industries',
  days: 7,
  login: 'contact@officepro.example',
  count: 3,
  actions: '- Orders to validate: 2\n- Invoices to validate: 1',
  text: 'Purchase order PO-2026-0042 was delivered.',
  code: 'PO-2026-0042',
  agreement: 'AGR-2026-00007 Office paper 2026',
  used: 62,
  buyer: 'Camille Martin',
}

/** Where each mail's link leads, as an example: a reset mail never shows an order's link. */
const SAMPLE_LINKS: Partial<Record<MailTemplateKey, string>> = {
  password_reset: 'https://procura.example/app/password-reset/8f3a1c2e9b',
  portal_invitation: 'https://procura.example/app/password-reset/8f3a1c2e9b',
  files_expiring: 'https://procura.example/app/suppliers/7?tab=documents',
  contract_notice: 'https://procura.example/app/suppliers/7?tab=contracts',
  actions_to_do: 'https://procura.example/app/',
  notification: 'https://procura.example/app/notifications',
  agreement_expiring: 'https://procura.example/app/framework-agreements/7',
  rfq_invitation: 'https://procura.example/app/rfqs/3',
  rfq_not_awarded: 'https://procura.example/app/rfqs/3',
}

/** The values a preview writes a mail with: an example of each variable, in the reader's language where it is text. */
export const sampleValues = (key: MailTemplateKey, language: Language): Record<string, string | number> =>
  Object.fromEntries(
    templateVariables(key).map((name) => [
      name,
      name === 'link'
        ? (SAMPLE_LINKS[key] ?? SAMPLE.link ?? '')
        : name === 'document'
          ? documentName(language, 'purchase_order', 'PO-2026-0042')
          : name === 'onBehalf'
            ? onBehalfLine(language, 'Dominique Petit')
            : name === 'decisionLinks'
              ? decisionLinksLines(language, {
                  validate: 'https://procura.example/app/decide/eyJ…',
                  refuse: 'https://procura.example/app/decide/eyJ…',
                })
              : (SAMPLE[name] ?? name),
    ]),
  )
