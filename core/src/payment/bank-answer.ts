import type { PaymentLineAction } from './line-status'

/**
 * Reason codes (ISO 20022 external status reason codes) that mean the beneficiary's side refused
 * the transfer: its account or its bank. Any other rejection is the holder's bank's (the paying
 * company's): balance, debit account, mandate, format.
 */
export const BENEFICIARY_REASON_CODES: readonly string[] = [
  'AC01', // incorrect account number
  'AC03', // invalid creditor account number
  'AC04', // closed account
  'AC06', // blocked account
  'AG01', // transaction forbidden on this account
  'BE01', // name does not match the account
  'BE04', // missing creditor address
  'MD07', // end customer deceased
  'RC01', // bank identifier (BIC) incorrect
  'RR03', // missing creditor name or address
]

/**
 * Reason codes that mean the file itself could not be processed (its format, a duplicate message,
 * a date the bank cannot honour): the line is in error, to cancel and pay again, not rejected.
 */
export const TECHNICAL_REASON_CODES: readonly string[] = [
  'FF01', // invalid file format
  'DU01', // duplicate message identification
  'DT01', // invalid date
  'CH03', // requested execution date too far in the future
  'CH04', // requested execution date too far in the past
]

/** The reason a bank holds a transfer for lack of funds: the line is blocked, not rejected. */
export const INSUFFICIENT_FUNDS = 'AM04'

/**
 * What a status report (pain.002) entry does to a payment line: settled is paid, rejected is
 * rejected by the bank the reason points at (or in error when the file itself was at fault),
 * pending for insufficient funds is blocked; every other
 * status (received, accepted, pending) leaves the line where it is (null).
 */
export const bankAnswerAction = (status: string, reason: string | null): PaymentLineAction | null => {
  switch (status) {
    case 'ACSC':
    case 'ACCC':
      return 'pay'
    case 'RJCT':
      if (reason !== null && TECHNICAL_REASON_CODES.includes(reason)) return 'fail'
      return reason !== null && BENEFICIARY_REASON_CODES.includes(reason)
        ? 'reject_beneficiary'
        : 'reject_holder'
    case 'PDNG':
      return reason === INSUFFICIENT_FUNDS ? 'block' : null
    default:
      return null
  }
}
