import type { DomainError } from '../errors/domain-error'
import { escapeXml, xmlElement } from '../format/xml'
import { dec, toAmountString } from '../money/decimal'
import { err, ok, type Result } from '../result'

/**
 * SEPA credit transfers (ISO 20022 pain.001): the file a paying company hands its bank. Built here
 * as plain text from checked data; the API validates every file against the official schema
 * before it is served (docs/domain/payment.md).
 */
export const SEPA_FORMATS = ['09', '03'] as const
export type SepaFormat = (typeof SEPA_FORMATS)[number]
export const DEFAULT_SEPA_FORMAT: SepaFormat = '09'

export const isSepaFormat = (value: unknown): value is SepaFormat =>
  typeof value === 'string' && (SEPA_FORMATS as readonly string[]).includes(value)

/** A party's account as the file names it. */
export type SepaAccount = {
  name: string
  iban: string | null
  bic: string | null
  country_code: string | null
}

export type SepaTransfer = {
  /** Unique per line, returned by the bank in its status report (pain.002 OrgnlEndToEndId). */
  end_to_end_id: string
  amount: string
  creditor: SepaAccount & { supplier: string }
  /** Free text for the supplier: the invoice numbers paid. */
  remittance: string
}

export type SepaBatch = {
  message_id: string
  created_at: Date
  execution_date: string
  currency_code: string
  debtor: SepaAccount
  transfers: readonly SepaTransfer[]
}

/**
 * EPC transliteration (EPC217-08, "SEPA Requirements for an Extended Character Set"): the basic
 * Latin set a–z A–Z 0–9 / - ? : ( ) . , ' + and space. Letters with accents lose them, ligatures
 * are spelt out, typographic quotes and dashes become their plain form, anything else a space.
 */
const SPELT: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
  '&': '+',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '`': "'",
  '´': "'",
  '“': "'",
  '”': "'",
  '"': "'",
  '«': "'",
  '»': "'",
  '–': '-',
  '—': '-',
  _: '-',
  '…': '.',
  ';': ',',
  '€': 'EUR',
}

const ALLOWED = /[A-Za-z0-9/\-?:().,'+ ]/

const BASIC = /^[A-Za-z0-9/\-?:().,'+ ]*$/

export const epcText = (value: string, max: number): string => {
  // Most names and references are already in the set: only their spaces are tidied.
  if (BASIC.test(value)) return value.replace(/\s+/g, ' ').trim().slice(0, max).trim()
  let out = ''
  for (const char of value.normalize('NFC')) {
    if (ALLOWED.test(char)) out += char
    else if (SPELT[char] !== undefined) out += SPELT[char]
    else {
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '')
      out += bare.length > 0 && [...bare].every((c) => ALLOWED.test(c)) ? bare : ' '
    }
  }
  return out.replace(/\s+/g, ' ').trim().slice(0, max).trim()
}

/**
 * What the SEPA rules require before a file is built (spec §5 and §8): euros only, the paying
 * company's IBAN, and each supplier's IBAN.
 */
export const checkSepaBatch = (batch: SepaBatch): Result<void, DomainError> => {
  if (batch.currency_code !== 'EUR') return err({ code: 'SEPA_EURO_ONLY' })
  if (batch.debtor.iban === null || batch.debtor.iban === '')
    return err({ code: 'SEPA_MISSING_PAYER_BANK_DETAILS' })
  const missing = batch.transfers.find((t) => t.creditor.iban === null || t.creditor.iban === '')
  if (missing !== undefined)
    return err({
      code: 'SEPA_MISSING_SUPPLIER_BANK_DETAILS',
      params: { supplier: missing.creditor.supplier },
    })
  if (batch.transfers.length === 0) return err({ code: 'PAYMENT_NO_INVOICE' })
  return ok(undefined)
}

/** An amount as the file writes it: two decimals, rounded half up when it had more. */
export const sepaAmount = (amount: string): string => {
  const plain = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount)
  if (plain === null) return toAmountString(dec(amount), 2)
  return `${plain[1]}.${(plain[2] ?? '').padEnd(2, '0')}`
}

/** The sum of the amounts as written (two decimals each), exact in integer cents: the file's CtrlSum. */
export const controlSum = (amounts: readonly string[]): string => {
  let cents = 0n
  for (const amount of amounts) cents += BigInt(sepaAmount(amount).replace('.', ''))
  const digits = cents.toString().padStart(3, '0')
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`
}

const el = xmlElement
const text = (name: string, value: string) => el(name, escapeXml(value))

const localDateTime = (at: Date) => at.toISOString().slice(0, 19)

const agent = (bic: string | null, format: SepaFormat) =>
  el(
    'FinInstnId',
    bic !== null && bic !== ''
      ? text(format === '09' ? 'BICFI' : 'BIC', bic)
      : el('Othr', text('Id', 'NOTPROVIDED')),
  )

const party = (account: SepaAccount) =>
  text('Nm', epcText(account.name, 70)) +
  (account.country_code !== null && account.country_code !== ''
    ? el('PstlAdr', text('Ctry', account.country_code.toUpperCase()))
    : '')

const transfer = (t: SepaTransfer, currency: string, format: SepaFormat) =>
  el(
    'CdtTrfTxInf',
    el('PmtId', text('InstrId', t.end_to_end_id) + text('EndToEndId', t.end_to_end_id)) +
      el('Amt', el('InstdAmt', sepaAmount(t.amount), ` Ccy="${escapeXml(currency)}"`)) +
      (t.creditor.bic !== null && t.creditor.bic !== '' ? el('CdtrAgt', agent(t.creditor.bic, format)) : '') +
      el('Cdtr', party(t.creditor)) +
      el('CdtrAcct', el('Id', text('IBAN', t.creditor.iban ?? ''))) +
      el('RmtInf', text('Ustrd', epcText(t.remittance, 140) || t.end_to_end_id)),
  )

/**
 * The pain.001 document of one batch: one payment information block (one debtor account, one
 * execution date), one transaction per line, the number of transactions and the control sum in
 * the group header and the block. Check it with checkSepaBatch first.
 */
export const buildPain001 = (batch: SepaBatch, format: SepaFormat = DEFAULT_SEPA_FORMAT): string => {
  const count = String(batch.transfers.length)
  const sum = controlSum(batch.transfers.map((t) => t.amount))
  const header = el(
    'GrpHdr',
    text('MsgId', batch.message_id) +
      text('CreDtTm', localDateTime(batch.created_at)) +
      text('NbOfTxs', count) +
      text('CtrlSum', sum) +
      el('InitgPty', text('Nm', epcText(batch.debtor.name, 70))),
  )
  const executionDate =
    format === '09'
      ? el('ReqdExctnDt', text('Dt', batch.execution_date))
      : text('ReqdExctnDt', batch.execution_date)
  const block = el(
    'PmtInf',
    text('PmtInfId', batch.message_id) +
      text('PmtMtd', 'TRF') +
      text('BtchBookg', 'true') +
      text('NbOfTxs', count) +
      text('CtrlSum', sum) +
      el('PmtTpInf', el('SvcLvl', text('Cd', 'SEPA'))) +
      executionDate +
      el('Dbtr', party(batch.debtor)) +
      el('DbtrAcct', el('Id', text('IBAN', batch.debtor.iban ?? ''))) +
      el('DbtrAgt', agent(batch.debtor.bic, format)) +
      text('ChrgBr', 'SLEV') +
      batch.transfers.map((t) => transfer(t, batch.currency_code, format)).join(''),
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n${el(
    'Document',
    el('CstmrCdtTrfInitn', header + block),
    ` xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.${format}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"`,
  )}\n`
}

/**
 * A bank's customer payment status report (pain.002.001.10) answering one file: the group status
 * when given, and each transaction's status with its reason code. What the demo's bank answers
 * and tests feed to the import; a real bank sends its own.
 */
export const buildPain002 = (answer: {
  message_id: string
  answers_message_id: string
  created_at: Date
  group_status?: string
  transactions: readonly { end_to_end_id: string; status: string; reason?: string }[]
}): string => {
  const reason = (code: string | undefined) =>
    code === undefined ? '' : el('StsRsnInf', el('Rsn', text('Cd', code)))
  return `<?xml version="1.0" encoding="UTF-8"?>\n${el(
    'Document',
    el(
      'CstmrPmtStsRpt',
      el('GrpHdr', text('MsgId', answer.message_id) + text('CreDtTm', localDateTime(answer.created_at))) +
        el(
          'OrgnlGrpInfAndSts',
          text('OrgnlMsgId', answer.answers_message_id) +
            text('OrgnlMsgNmId', 'pain.001.001.09') +
            (answer.group_status === undefined ? '' : text('GrpSts', answer.group_status)),
        ) +
        el(
          'OrgnlPmtInfAndSts',
          text('OrgnlPmtInfId', answer.answers_message_id) +
            answer.transactions
              .map((t) =>
                el(
                  'TxInfAndSts',
                  text('OrgnlEndToEndId', t.end_to_end_id) + text('TxSts', t.status) + reason(t.reason),
                ),
              )
              .join(''),
        ),
    ),
    ' xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"',
  )}\n`
}
