import { join } from 'node:path'
import { addDays, isoDateIn } from '@procura/core/calendar'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import { isLanguage, type Language } from '@procura/core/i18n'
import { guard } from '@procura/core/policy'
import { type OrderActor, seesInternals } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { filePolicyOf } from '@procura/core/settings'
import {
  canReadSupplier,
  checkCanManageSuppliers,
  fileState,
  fileValidityDate,
  SupplierFileInputSchema,
} from '@procura/core/supplier'
import { extensionOf, fileIssues } from '@procura/core/validation'
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import {
  roles,
  supplierContacts,
  supplierFileCategories,
  supplierFiles,
  supplierFileTypes,
  suppliers,
  users,
} from '../../db/schema'
import { dayWriter } from '../../mail/day-formats'
import type { Mailer } from '../../mail/mailer'
import { filesExpiringMail } from '../../mail/templates'
import { fileStore } from '../documents/file-store'
import { keepingFile, storeFile } from '../documents/stored-file'
import { notify } from '../notifications/notifications'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import type { UploadedFile } from '../users/signature'
import { supplierDecisions } from './suppliers'

type Deps = { db: Db; clock: Clock; storageDir: string }
type Refusal<T> = Promise<Result<T, DomainError>>

const today = (clock: Clock) => isoDateIn(clock.now())

const supplierExists = async (db: DbOrTx, id: number) =>
  (await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id)).limit(1).then(first)) !==
  undefined

/** GET /bwapi/suppliers/{id}/files: its documents, newest first, each with its state today. */
export const listSupplierFiles = async (
  deps: Deps,
  actor: OrderActor,
  supplierId: number,
): Refusal<{ data: unknown[] }> => {
  if (!canReadSupplier(actor, supplierId) || !(await supplierExists(deps.db, supplierId)))
    return err({ code: 'ITEM_NOT_FOUND' })
  const [rows, settings] = await Promise.all([
    deps.db
      .select({
        id: supplierFiles.id,
        label: supplierFiles.label,
        type_id: supplierFiles.type_id,
        type: supplierFileTypes.label,
        category_id: supplierFiles.category_id,
        category: supplierFileCategories.label,
        validator_role: roles.label,
        document_date: supplierFiles.document_date,
        validity_date: supplierFiles.validity_date,
        name: supplierFiles.name,
        size: supplierFiles.size,
        validated_at: supplierFiles.validated_at,
        sent_by: users.label,
        sent_by_contact_id: supplierFiles.sent_by_contact_id,
        created_at: supplierFiles.created_at,
      })
      .from(supplierFiles)
      .innerJoin(supplierFileCategories, eq(supplierFileCategories.id, supplierFiles.category_id))
      .leftJoin(supplierFileTypes, eq(supplierFileTypes.id, supplierFiles.type_id))
      .leftJoin(roles, eq(roles.id, supplierFileCategories.validator_role_id))
      .leftJoin(users, eq(users.id, supplierFiles.sent_by_user_id))
      .where(eq(supplierFiles.supplier_id, supplierId))
      .orderBy(desc(supplierFiles.document_date), desc(supplierFiles.id)),
    loadSettings(deps.db),
  ])
  const day = today(deps.clock)
  return ok({
    data: rows.map((r) => ({
      ...r,
      validated_at: r.validated_at?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
      state: fileState(
        { validity_date: r.validity_date, validated: r.validated_at !== null },
        day,
        settings.contract.file_expiry_warning_days,
      ),
    })),
  })
}

/** The contact row of a supplier's contact signed in (files it sends are its). */
const contactOf = async (db: DbOrTx, actor: OrderActor, supplierId: number) => {
  const user = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, actor.id))
    .limit(1)
    .then(first)
  if (user === undefined) return undefined
  return db
    .select({ id: supplierContacts.id })
    .from(supplierContacts)
    .where(and(eq(supplierContacts.supplier_id, supplierId), eq(supplierContacts.email, user.email)))
    .limit(1)
    .then(first)
}

/**
 * POST /bwapi/suppliers/{id}/files (multipart: file, type_id or category_id and label,
 * document_date): by buyers and administrators, or by the supplier's own contact through the
 * portal. Its validity date follows from its type's duration; it waits for its category's role.
 */
export const addSupplierFile = async (
  deps: Deps,
  actor: OrderActor,
  supplierId: number,
  upload: { file: UploadedFile | null; fields: Record<string, string | null> },
  language: Language,
): Refusal<{ data: { id: number } }> => {
  if (!canReadSupplier(actor, supplierId)) return err({ code: 'ITEM_NOT_FOUND' })
  const allowed = guard(await supplierDecisions(deps.db, actor, supplierId), 'add_file')
  if (!allowed.ok) return allowed
  if (!(await supplierExists(deps.db, supplierId))) return err({ code: 'ITEM_NOT_FOUND' })
  const parsed = parseWith(
    SupplierFileInputSchema,
    Object.fromEntries(Object.entries(upload.fields).filter(([, v]) => v !== null && v !== '')),
  )
  if (!parsed.ok) return parsed
  const input = parsed.value
  const type =
    input.type_id === null
      ? null
      : await deps.db
          .select()
          .from(supplierFileTypes)
          .where(eq(supplierFileTypes.id, input.type_id))
          .limit(1)
          .then(first)
  if (type === undefined) return err(formError({ type_id: [{ code: 'NOT_IN_LIST' }] }))
  const categoryId = type?.category_id ?? input.category_id ?? 0
  const category = await deps.db
    .select({ id: supplierFileCategories.id })
    .from(supplierFileCategories)
    .where(eq(supplierFileCategories.id, categoryId))
    .limit(1)
    .then(first)
  if (category === undefined) return err(formError({ category_id: [{ code: 'NOT_IN_LIST' }] }))
  const { file } = upload
  if (file === null) return err(formError({ file: [{ code: 'FIELD_REQUIRED' }] }))
  const issues = fileIssues(file, filePolicyOf(await loadSettings(deps.db)), language)
  if (issues.length > 0) return err(formError({ file: issues }))
  // Its own contact's file is theirs (the contact is recorded with it).
  const ownContact = !seesInternals(actor) && (actor.supplier_ids ?? []).includes(supplierId)
  const contact = ownContact ? await contactOf(deps.db, actor, supplierId) : undefined
  const relative = await storeFile(
    fileStore(deps),
    join('supplier-files', String(supplierId)),
    extensionOf(file.name),
    file.bytes,
  )
  const now = deps.clock.now()
  const id = await keepingFile(fileStore(deps), relative, () =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(supplierFiles)
        .values({
          supplier_id: supplierId,
          type_id: type?.id ?? null,
          category_id: category.id,
          label: input.label,
          document_date: input.document_date,
          validity_date: fileValidityDate(input.document_date, type?.duration_months ?? null),
          name: file.name,
          size: file.size,
          storage_path: relative,
          sent_by_user_id: actor.id,
          sent_by_contact_id: contact?.id ?? null,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: supplierFiles.id })
      await writeTrace(tx, deps.clock, {
        action: 'add_file',
        message: `Document ${type?.label ?? input.label ?? file.name} (${file.name}) added`,
        model: 'supplier',
        model_id: supplierId,
        user_id: actor.id,
      })
      return row?.id ?? 0
    }),
  )
  return ok({ data: { id } })
}

const findFile = (db: DbOrTx, supplierId: number, fileId: number) =>
  db
    .select()
    .from(supplierFiles)
    .where(and(eq(supplierFiles.id, fileId), eq(supplierFiles.supplier_id, supplierId)))
    .limit(1)
    .then(first)

/**
 * POST /bwapi/suppliers/{id}/files/{file}/validate: by the people of its category's validator
 * role (by buyers and administrators when the category names none). Only once (a conditional
 * update: two validators at once validate it once).
 */
export const validateSupplierFile = async (
  deps: Deps,
  actor: OrderActor,
  supplierId: number,
  fileId: number,
): Refusal<{ data: { id: number } }> => {
  if (!seesInternals(actor)) return err({ code: 'ITEM_NOT_FOUND' })
  const file = await findFile(deps.db, supplierId, fileId)
  if (file === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const [category, user] = await Promise.all([
    deps.db
      .select({
        label: supplierFileCategories.label,
        role_id: supplierFileCategories.validator_role_id,
        role: roles.label,
      })
      .from(supplierFileCategories)
      .leftJoin(roles, eq(roles.id, supplierFileCategories.validator_role_id))
      .where(eq(supplierFileCategories.id, file.category_id))
      .limit(1)
      .then(first),
    deps.db.select({ role_id: users.role_id }).from(users).where(eq(users.id, actor.id)).limit(1).then(first),
  ])
  const roleId = category?.role_id ?? null
  const allowed = roleId === null ? checkCanManageSuppliers(actor).ok : user?.role_id === roleId
  if (!allowed)
    return err({
      code: 'SUPPLIER_FILE_VALIDATOR_ROLE',
      params: { category: category?.label ?? '', role: category?.role ?? '' },
    })
  if (file.validated_at !== null) return err({ code: 'SUPPLIER_FILE_ALREADY_VALIDATED' })
  const done = await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(supplierFiles)
      .set({ validated_at: deps.clock.now(), validated_by: actor.id, updated_at: deps.clock.now() })
      .where(and(eq(supplierFiles.id, fileId), isNull(supplierFiles.validated_at)))
      .returning({ id: supplierFiles.id })
    if (changed.length === 0) return false
    await writeTrace(tx, deps.clock, {
      action: 'validate_file',
      message: `Document ${file.label ?? file.name} validated`,
      model: 'supplier',
      model_id: supplierId,
      user_id: actor.id,
    })
    return true
  })
  return done ? ok({ data: { id: fileId } }) : err({ code: 'SUPPLIER_FILE_ALREADY_VALIDATED' })
}

/** GET /bwapi/suppliers/{id}/files/{file}: the bytes (whoever reads the supplier). */
export const readSupplierFile = async (
  deps: Deps,
  actor: OrderActor,
  supplierId: number,
  fileId: number,
): Refusal<{ name: string; bytes: Uint8Array<ArrayBuffer> }> => {
  if (!canReadSupplier(actor, supplierId)) return err({ code: 'ITEM_NOT_FOUND' })
  const file = await findFile(deps.db, supplierId, fileId)
  if (file === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  return ok({
    name: file.name,
    bytes: await fileStore(deps).read(file.storage_path),
  })
}

/** DELETE /bwapi/suppliers/{id}/files/{file}: buyers and administrators. */
export const removeSupplierFile = async (
  deps: Deps,
  actor: OrderActor,
  supplierId: number,
  fileId: number,
): Refusal<{ data: { id: number } }> => {
  const allowed = guard(await supplierDecisions(deps.db, actor, supplierId), 'edit')
  if (!allowed.ok) return allowed
  const file = await findFile(deps.db, supplierId, fileId)
  if (file === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  await deps.db.transaction(async (tx) => {
    await tx.delete(supplierFiles).where(eq(supplierFiles.id, fileId))
    await writeTrace(tx, deps.clock, {
      action: 'remove_file',
      message: `Document ${file.label ?? file.name} removed`,
      model: 'supplier',
      model_id: supplierId,
      user_id: actor.id,
    })
  })
  await fileStore(deps).remove(file.storage_path)
  return ok({ data: { id: fileId } })
}

/**
 * The supplier documents job (spec §9 "disable … files when their date passes"): files past their
 * validity date are disabled; each supplier's manager gets one e-mail, in their language, listing
 * its validated files that expire within the warning days, and each file is warned of once.
 * Answers how many files changed (disabled or warned).
 */
export const expireSupplierFiles = async (deps: {
  db: Db
  clock: Clock
  mailer?: Mailer
  linkBase?: string
}): Promise<number> => {
  const day = today(deps.clock)
  const settings = await loadSettings(deps.db)
  const horizon = addDays(day, settings.contract.file_expiry_warning_days)
  const expired = and(eq(supplierFiles.disabled, false), lt(supplierFiles.validity_date, day))
  // Read first: most runs change nothing, and then take no write lock.
  const due = await deps.db.select({ id: supplierFiles.id }).from(supplierFiles).where(expired).limit(1)
  const disabled =
    due.length === 0
      ? 0
      : await deps.db.transaction(async (tx) => {
          const rows = await tx
            .update(supplierFiles)
            .set({ disabled: true, updated_at: deps.clock.now() })
            .where(expired)
            .returning({
              id: supplierFiles.id,
              supplier_id: supplierFiles.supplier_id,
              name: supplierFiles.name,
            })
          for (const row of rows)
            await writeTrace(tx, deps.clock, {
              action: 'file_expired',
              message: `Document ${row.name} expired`,
              model: 'supplier',
              model_id: row.supplier_id,
              severity: 'warning',
            })
          return rows.length
        })
  if (deps.mailer === undefined) return disabled
  const expiring = await deps.db
    .select({
      id: supplierFiles.id,
      supplier_id: supplierFiles.supplier_id,
      supplier: suppliers.company_name,
      label: sql<string>`coalesce(${supplierFileTypes.label}, ${supplierFiles.label}, ${supplierFiles.name})`,
      validity_date: supplierFiles.validity_date,
      manager_id: users.id,
      manager: users.label,
      email: users.email,
      language: users.language,
    })
    .from(supplierFiles)
    .innerJoin(suppliers, eq(suppliers.id, supplierFiles.supplier_id))
    .innerJoin(users, eq(users.id, suppliers.manager_id))
    .leftJoin(supplierFileTypes, eq(supplierFileTypes.id, supplierFiles.type_id))
    .where(
      and(
        eq(supplierFiles.disabled, false),
        isNotNull(supplierFiles.validated_at),
        isNull(supplierFiles.expiry_warned_at),
        gte(supplierFiles.validity_date, day),
        lte(supplierFiles.validity_date, horizon),
      ),
    )
    .orderBy(supplierFiles.supplier_id, supplierFiles.validity_date)
  let warned = 0
  const bySupplier = new Map<number, typeof expiring>()
  for (const f of expiring) bySupplier.set(f.supplier_id, [...(bySupplier.get(f.supplier_id) ?? []), f])
  const dayIn = await dayWriter(deps.db)
  for (const [supplierId, files] of bySupplier) {
    const head = files[0]
    if (head === undefined) continue
    const language = isLanguage(head.language) ? head.language : 'en'
    // The manager's notification (in the app, by e-mail, both: as it chose), one per supplier.
    const mailed = await notify(deps, {
      user_ids: [head.manager_id],
      kind: 'file_expiring',
      model: 'supplier',
      model_id: supplierId,
      params: {
        supplier: head.supplier,
        file: files.map((f) => f.label).join(', '),
        date: head.validity_date === null ? null : dayIn(language, head.validity_date),
      },
    })
    const mail = await filesExpiringMail(deps.db, language, {
      name: head.manager,
      supplier: head.supplier,
      files: files
        .map((f) => `- ${f.label}: ${f.validity_date === null ? '' : dayIn(language, f.validity_date)}`)
        .join('\n'),
      link: `${deps.linkBase ?? ''}/suppliers/${supplierId}?tab=documents`,
    })
    if (mailed.has(head.manager_id)) await deps.mailer.send({ to: head.email, ...mail })
    // Marked once the mail left: a failed send is tried again at the next run.
    await deps.db
      .update(supplierFiles)
      .set({ expiry_warned_at: deps.clock.now() })
      .where(
        inArray(
          supplierFiles.id,
          files.map((f) => f.id),
        ),
      )
    warned += files.length
  }
  return disabled + warned
}
