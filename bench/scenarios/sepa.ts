import { performance } from 'node:perf_hooks'
import { schema } from '@procura/api/db'
import { exportSepa } from '@procura/api/services/payments/sepa-export'
import { warmSepaValidation } from '@procura/api/services/payments/sepa-validate'
import { createTestApp } from '@procura/api/testing/app'
import { round } from '../measure'

const { bankAccounts, paymentGroups, paymentLines, supplierInvoices } = schema

/** Amounts from 0.01 to 50,000.00 from a fixed seed, as cents. */
const cents = (count: number) => {
  let seed = 17
  return Array.from({ length: count }, () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return 1 + (seed % 5_000_000)
  })
}

/**
 * The raw baseline: the same pain.001.001.09 written by string concatenation from rows already in
 * memory — no database, no checks, no transliteration, no escaping, no schema validation.
 */
const rawPain001 = (
  messageId: string,
  debtor: { name: string; iban: string; bic: string },
  rows: readonly { id: number; amount: string; name: string; iban: string; remittance: string }[],
) => {
  let sum = 0
  let body = ''
  for (const r of rows) {
    sum += Math.round(Number(r.amount) * 100)
    body += `<CdtTrfTxInf><PmtId><InstrId>${messageId}-${r.id}</InstrId><EndToEndId>${messageId}-${r.id}</EndToEndId></PmtId><Amt><InstdAmt Ccy="EUR">${r.amount}</InstdAmt></Amt><Cdtr><Nm>${r.name}</Nm></Cdtr><CdtrAcct><Id><IBAN>${r.iban}</IBAN></Id></CdtrAcct><RmtInf><Ustrd>${r.remittance}</Ustrd></RmtInf></CdtTrfTxInf>`
  }
  const total = `${Math.floor(sum / 100)}.${String(sum % 100).padStart(2, '0')}`
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn><GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>${new Date().toISOString().slice(0, 19)}</CreDtTm><NbOfTxs>${rows.length}</NbOfTxs><CtrlSum>${total}</CtrlSum><InitgPty><Nm>${debtor.name}</Nm></InitgPty></GrpHdr><PmtInf><PmtInfId>${messageId}</PmtInfId><PmtMtd>TRF</PmtMtd><NbOfTxs>${rows.length}</NbOfTxs><CtrlSum>${total}</CtrlSum><PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf><ReqdExctnDt><Dt>2026-12-01</Dt></ReqdExctnDt><Dbtr><Nm>${debtor.name}</Nm></Dbtr><DbtrAcct><Id><IBAN>${debtor.iban}</IBAN></Id></DbtrAcct><DbtrAgt><FinInstnId><BICFI>${debtor.bic}</BICFI></FinInstnId></DbtrAgt><ChrgBr>SLEV</ChrgBr>${body}</PmtInf></CstmrCdtTrfInitn></Document>`
}

/**
 * Scenario 6: a SEPA file of `count` validated payments through the service (read from the
 * database, checked, transliterated, built, validated against the official XSD by libxml2, its
 * lines marked planified and the file kept, in one transaction) against the raw baseline.
 */
export const sepaScenario = async (count: number) => {
  const t = await createTestApp({ checkResponses: false })
  const id = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)
  // The one who hands payments to the bank holds that duty (separation of duties, docs/domain/payment.md).
  const buyer = {
    id: await id("SELECT id FROM users WHERE login = 'buyer'"),
    login: 'buyer',
    buyer: true,
    can_view_other_po: true,
    permissions: ['export_sepa' as const],
  }
  const supplier = await id("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
  const company = await id("SELECT id FROM companies WHERE code = 'ACME'")
  const now = new Date()
  const account = {
    account_number_type: 'iban' as const,
    holder_type: 'corporate' as const,
    payment_option: 'sepa' as const,
    main: true,
    status: 'validated',
    changed_by: buyer.id,
    created_at: now,
    updated_at: now,
  }
  await t.db.insert(bankAccounts).values([
    {
      ...account,
      owner: 'company',
      company_id: company,
      account_number: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
      holder_name: 'Acmé Industries',
      holder_country_code: 'FR',
    },
    {
      ...account,
      owner: 'supplier',
      supplier_id: supplier,
      account_number: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      holder_name: 'Société Générale d’Équipement',
      holder_country_code: 'DE',
    },
  ])
  const amounts = cents(count).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`)
  const total = cents(count).reduce((a, b) => a + b, 0)
  const [group] = await t.db
    .insert(paymentGroups)
    .values({
      code: 'PAY-BENCH-00001',
      payment_date: '2026-12-01',
      company_id: company,
      currency_code: 'EUR',
      amount_inctax: `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`,
      created_by: buyer.id,
      created_at: now,
      updated_at: now,
    })
    .returning({ id: paymentGroups.id })
  const groupId = group?.id ?? 0
  for (let start = 0; start < count; start += 500) {
    const slice = amounts.slice(start, start + 500)
    const invoices = await t.db
      .insert(supplierInvoices)
      .values(
        slice.map((amount, i) => ({
          code: `BENCH-${start + i + 1}`,
          label: `F-2026-${start + i + 1}`,
          supplier_id: supplier,
          company_id: company,
          currency_code: 'EUR',
          invoice_date: '2026-11-01',
          due_date: '2026-12-01',
          vat_type: 'standard',
          status: 'validated',
          amount_exctax: amount,
          amount_tax: '0.00',
          vat_breakdown: [],
          amount_inctax: amount,
          payable_amount: amount,
          created_by: buyer.id,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning({ id: supplierInvoices.id })
    await t.db.insert(paymentLines).values(
      invoices.map((invoice, i) => ({
        payment_group_id: groupId,
        supplier_invoice_id: invoice.id,
        supplier_id: supplier,
        amount_inctax: slice[i] ?? '0',
        status: 'validated',
        created_at: now,
        updated_at: now,
      })),
    )
  }
  const rows = amounts.map((amount, i) => ({
    id: i + 1,
    amount,
    name: 'Societe Generale d Equipement',
    iban: 'DE89370400440532013000',
    remittance: `F-2026-${i + 1} BENCH-${i + 1}`,
  }))
  const debtor = { name: 'Acme Industries', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' }
  // The baseline, warmed up, best of five.
  let baselineMs = Number.POSITIVE_INFINITY
  let baselineBytes = 0
  for (let i = 0; i < 5; i += 1) {
    const t0 = performance.now()
    baselineBytes = rawPain001('PAY-BENCH-00001-E1', debtor, rows).length
    baselineMs = Math.min(baselineMs, performance.now() - t0)
  }
  // As the server does at its start: the validation worker up and the schemas compiled.
  await warmSepaValidation()
  const t0 = performance.now()
  const made = await exportSepa(t, buyer, groupId, { format: '09' })
  const procuraMs = performance.now() - t0
  if (!made.ok) throw new Error(`SEPA export refused: ${made.error.code}`)
  if (made.value.data.line_count !== count) throw new Error('SEPA export: not every line went out')
  await t.close()
  return {
    payments: count,
    file_mb: round(baselineBytes / 1024 / 1024, 2),
    procura: { ms: round(procuraMs, 1), payments_per_second: Math.round(count / (procuraMs / 1000)) },
    baseline: { ms: round(baselineMs, 1), payments_per_second: Math.round(count / (baselineMs / 1000)) },
    ratio: round(procuraMs / baselineMs, 1),
  }
}
