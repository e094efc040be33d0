import type { OrderActor } from '@procura/core/purchase-order'
import {
  DEMO_CONTRACTS,
  DEMO_FILE_CATEGORIES,
  DEMO_FILE_TYPES,
  DEMO_SECTORS,
  DEMO_SUPPLIER_GROUPS,
  DEMO_SUPPLIER_RECORDS,
  DEMO_SURVEILLANCE,
} from '@procura/fixtures/supplier-records'
import { eq } from 'drizzle-orm'
import type { Db } from '../db'
import { first } from '../db/first'
import { productFamilies, roles, supplierContacts, suppliers, users } from '../db/schema'
import { saveReference } from '../services/reference-table'
import { approveSupplier } from '../services/suppliers/supplier-approval'
import { monthsUpTo } from '../services/suppliers/supplier-charts'
import { saveContract } from '../services/suppliers/supplier-contracts'
import { addRating, declareTurnover, recordSafety } from '../services/suppliers/supplier-figures'
import { addSupplierFile, validateSupplierFile } from '../services/suppliers/supplier-files'
import { FILE_CATEGORIES, FILE_TYPES, GROUPS, SECTORS } from '../services/suppliers/supplier-references'
import { updateSupplier } from '../services/suppliers/supplier-write'
import { must, type StoryClock } from './seed-story'

const idsBy = async (rows: Promise<{ key: string; id: number }[]>) =>
  new Map((await rows).map((r) => [r.key, r.id]))

/** A small PDF the demo's documents hold (real bytes: it opens). */
const pdfOf = (title: string) =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj 4 0 obj<</Length ${title.length + 35}>>stream\nBT /F1 18 Tf 72 760 Td (${title}) Tj ET\nendstream endobj 5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  )

/**
 * The demo's supplier records (fixtures/supplier-records), written through the services as people
 * would: sectors, groups, document categories and types by the administrator; each supplier's
 * sectors, families and identifiers; its documents, dated in the past and validated by their
 * category's role; its approval at its date.
 */
export const seedSupplierRecords = async (
  deps: { db: Db; clock: StoryClock; storageDir: string },
  admin: OrderActor,
  buyer: OrderActor,
) => {
  const { db, clock } = deps
  const services = { db, clock, storageDir: deps.storageDir }
  clock.at(400)
  const sectorIds = new Map<string, number>()
  for (const sector of DEMO_SECTORS) {
    const { label, parent, ...flags } = sector
    const saved = must(
      await saveReference(services, admin, SECTORS, null, {
        label,
        parent_id: parent === undefined ? null : (sectorIds.get(parent) ?? null),
        ...flags,
      }),
      `sector ${label}`,
    )
    sectorIds.set(label, saved.data.id)
  }
  const groupIds = new Map<string, number>()
  for (const label of DEMO_SUPPLIER_GROUPS)
    groupIds.set(
      label,
      must(await saveReference(services, buyer, GROUPS, null, { label }), `group ${label}`).data.id,
    )
  const roleIds = await idsBy(db.select({ key: roles.code, id: roles.id }).from(roles))
  const categoryIds = new Map<string, number>()
  for (const category of DEMO_FILE_CATEGORIES) {
    const input = {
      label: category.label,
      validator_role_id:
        category.validator_role === null ? null : (roleIds.get(category.validator_role) ?? null),
    }
    categoryIds.set(
      category.label,
      must(await saveReference(services, admin, FILE_CATEGORIES, null, input), `category ${category.label}`)
        .data.id,
    )
  }
  const typeIds = new Map<string, { id: number; category: string }>()
  for (const { category, ...type } of DEMO_FILE_TYPES) {
    const saved = must(
      await saveReference(services, admin, FILE_TYPES, null, {
        ...type,
        category_id: categoryIds.get(category),
      }),
      `file type ${type.label}`,
    )
    typeIds.set(type.label, { id: saved.data.id, category })
  }
  const familyIds = await idsBy(
    db.select({ key: productFamilies.code, id: productFamilies.id }).from(productFamilies),
  )
  const userIds = await idsBy(db.select({ key: users.login, id: users.id }).from(users))
  const validatorOf = (category: string) =>
    DEMO_FILE_CATEGORIES.find((c) => c.label === category)?.validator_role === 'admin' ? admin : buyer

  for (const record of DEMO_SUPPLIER_RECORDS) {
    const row = await db.select().from(suppliers).where(eq(suppliers.code, record.code)).limit(1).then(first)
    if (row === undefined) throw new Error(`Demo supplier records: unknown supplier ${record.code}.`)
    clock.at(300)
    const families = record.families.map((code) => familyIds.get(code) ?? 0)
    must(
      await updateSupplier(services, buyer, row.id, {
        ...row,
        status: record.status ?? row.status,
        group_id: record.group === undefined ? null : (groupIds.get(record.group) ?? null),
        manager_id: record.manager === undefined ? null : (userIds.get(record.manager) ?? null),
        siret: record.siret ?? row.siret,
        website: record.website ?? null,
        activity_details: record.activity_details ?? null,
        tags: record.tags ?? [],
        surveillance_min_amount: record.surveillance_min_amount ?? row.surveillance_min_amount,
        sector_ids: record.sectors.map((label) => sectorIds.get(label) ?? 0),
        family_ids: families,
        main_family_id: families[0] ?? null,
      }),
      `record of ${record.code}`,
    )
    for (const file of record.files) {
      const type = typeIds.get(file.type)
      if (type === undefined) throw new Error(`Demo supplier records: unknown file type ${file.type}.`)
      clock.at(file.days_ago)
      const documentDate = new Date(clock.now().getTime()).toISOString().slice(0, 10)
      const bytes = pdfOf(`${file.type} - ${row.company_name}`)
      const name = `${file.type.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${record.code.toLowerCase()}.pdf`
      const added = must(
        await addSupplierFile(
          services,
          buyer,
          row.id,
          {
            file: { name, size: bytes.length, bytes },
            fields: { type_id: String(type.id), document_date: documentDate },
          },
          'en',
        ),
        `${file.type} of ${record.code}`,
      )
      if (file.validated) {
        clock.at(Math.max(file.days_ago - 1, 0))
        must(
          await validateSupplierFile(services, validatorOf(type.category), row.id, added.data.id),
          `validating ${file.type}`,
        )
      }
    }
    if (record.approved_days_ago !== undefined) {
      clock.at(record.approved_days_ago)
      must(await approveSupplier(services, admin, row.id, 'en'), `approval of ${record.code}`)
    }
  }
  for (const record of DEMO_SURVEILLANCE) {
    const row = await db.select().from(suppliers).where(eq(suppliers.code, record.code)).limit(1).then(first)
    if (row === undefined) throw new Error(`Demo surveillance: unknown supplier ${record.code}.`)
    clock.at(0)
    const year = clock.now().getUTCFullYear()
    for (const turnover of record.turnovers)
      must(
        await declareTurnover(services, buyer, row.id, {
          year: year - turnover.years_ago,
          amount: turnover.amount,
        }),
        `turnover of ${record.code}`,
      )
    for (const rating of record.ratings) {
      clock.at(rating.days_ago)
      must(
        await addRating(services, buyer, row.id, { ...rating, comment: rating.comment ?? null }),
        `rating of ${record.code}`,
      )
    }
    clock.at(0)
    for (const month of monthsUpTo(clock.now().toISOString().slice(0, 10), 12)) {
      const monthsAgo = 11 - monthsUpTo(clock.now().toISOString().slice(0, 10), 12).indexOf(month)
      const accident = record.accidents.find((a) => a.months_ago === monthsAgo)
      if (record.monthly_hours === 0) continue
      must(
        await recordSafety(services, buyer, row.id, {
          month,
          hours_worked: record.monthly_hours,
          accidents_with_lost_time: accident?.with_lost_time ? 1 : 0,
          accidents_without_lost_time: accident !== undefined && !accident.with_lost_time ? 1 : 0,
          days_lost: accident?.days_lost ?? 0,
        }),
        `safety of ${record.code}`,
      )
    }
  }
  clock.at(0)
  const day = (offset: number) =>
    new Date(clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10)
  for (const contract of DEMO_CONTRACTS) {
    const row = await db
      .select()
      .from(suppliers)
      .where(eq(suppliers.code, contract.code))
      .limit(1)
      .then(first)
    if (row === undefined) throw new Error(`Demo contracts: unknown supplier ${contract.code}.`)
    must(
      await saveContract(services, buyer, row.id, null, {
        label: contract.label,
        reference: contract.reference ?? null,
        start_date: day(-contract.starts_days_ago),
        end_date: contract.ends_in_days === undefined ? null : day(contract.ends_in_days),
        tacit_renewal: contract.tacit_renewal ?? false,
        notice_months: contract.notice_months ?? 0,
        amount_exctax: contract.amount_exctax ?? null,
      }),
      `contract ${contract.label}`,
    )
  }
  // A supplier contact keeps its phone and its roles (the contacts tab shows them).
  const contact = await db
    .select()
    .from(supplierContacts)
    .where(eq(supplierContacts.email, 'supplier@procura.example'))
    .limit(1)
    .then(first)
  if (contact !== undefined)
    await db
      .update(supplierContacts)
      .set({ phone: '+33 4 76 00 12 34', main_contact: true, types: ['commercial'] })
      .where(eq(supplierContacts.id, contact.id))
  return DEMO_SUPPLIER_RECORDS.length
}
