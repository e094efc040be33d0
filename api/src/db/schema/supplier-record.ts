import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { productFamilies } from './catalogue'
import { flag, timestamps } from './columns'
import { supplierContacts, suppliers } from './purchasing'
import { roles, users } from './users'

/**
 * Geographic sectors, a tree (Europe › France › Île-de-France): what a sector requires binds the
 * suppliers in it and in the sectors below it (core/supplier `requiredIdentifiers`).
 */
export const geographicSectors = sqliteTable('geographic_sectors', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  label: text('label').notNull(),
  parent_id: integer('parent_id').references((): AnySQLiteColumn => geographicSectors.id),
  requires_siret: flag('requires_siret').notNull().default(false),
  requires_duns: flag('requires_duns').notNull().default(false),
  requires_intra_community_vat: flag('requires_intra_community_vat').notNull().default(false),
  ...timestamps,
})

/** The sectors a supplier works in. */
export const supplierSectors = sqliteTable(
  'supplier_sectors',
  {
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    sector_id: integer('sector_id')
      .notNull()
      .references(() => geographicSectors.id),
  },
  (t) => [
    primaryKey({ columns: [t.supplier_id, t.sector_id] }),
    index('supplier_sectors_sector_idx').on(t.sector_id),
  ],
)

/** The product families a supplier serves; one of them may be its main family. */
export const supplierFamilies = sqliteTable(
  'supplier_families',
  {
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    family_id: integer('family_id')
      .notNull()
      .references(() => productFamilies.id),
    main: flag('main').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.supplier_id, t.family_id] }),
    index('supplier_families_family_idx').on(t.family_id),
  ],
)

/** Categories of supplier documents (legal, quality, safety…): people of the role validate them. */
export const supplierFileCategories = sqliteTable('supplier_file_categories', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  label: text('label').notNull().unique(),
  validator_role_id: integer('validator_role_id').references(() => roles.id),
})

/**
 * Kinds of supplier documents: a file is valid `duration_months` from its document date (null:
 * without end); `required` types must be on file, valid and validated, for approval.
 */
export const supplierFileTypes = sqliteTable('supplier_file_types', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  label: text('label').notNull().unique(),
  category_id: integer('category_id')
    .notNull()
    .references(() => supplierFileCategories.id),
  duration_months: integer('duration_months'),
  show_in_certification_chart: flag('show_in_certification_chart').notNull().default(false),
  required: flag('required').notNull().default(false),
})

/**
 * A supplier's documents. Dates are ISO days; `validity_date` follows from the type's duration.
 * The bytes live under the storage folder. A file is sent by a person of the organisation or by
 * the supplier's contact through the portal; its category's role validates it.
 */
export const supplierFiles = sqliteTable(
  'supplier_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    type_id: integer('type_id').references(() => supplierFileTypes.id),
    category_id: integer('category_id')
      .notNull()
      .references(() => supplierFileCategories.id),
    /** Required when there is no type (spec §5). */
    label: text('label'),
    document_date: text('document_date').notNull(),
    validity_date: text('validity_date'),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    storage_path: text('storage_path').notNull(),
    sent_by_user_id: integer('sent_by_user_id').references(() => users.id),
    sent_by_contact_id: integer('sent_by_contact_id').references(() => supplierContacts.id),
    validated_at: integer('validated_at', { mode: 'timestamp_ms' }),
    validated_by: integer('validated_by').references(() => users.id),
    /** Set by the maintenance job once the validity date has passed. */
    disabled: flag('disabled').notNull().default(false),
    /** When the manager was warned that it expires soon (once per file). */
    expiry_warned_at: integer('expiry_warned_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    index('supplier_files_supplier_idx').on(t.supplier_id),
    index('supplier_files_validity_idx').on(t.validity_date),
  ],
)

/** The roles whose people approve suppliers (spec §3 "Supplier approval: duration, roles"). */
export const supplierApprovalRoles = sqliteTable('supplier_approval_roles', {
  role_id: integer('role_id')
    .primaryKey()
    .references(() => roles.id, { onDelete: 'cascade' }),
})

/** Every approval given: by whom, when, until when (the supplier page's Validators tab). */
export const supplierApprovals = sqliteTable(
  'supplier_approvals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    approved_on: text('approved_on').notNull(),
    valid_until: text('valid_until').notNull(),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('supplier_approvals_supplier_idx').on(t.supplier_id)],
)

/** Ratings buyers give a supplier on a criterion (price, quality, service…), 1 to 5, dated. */
export const supplierRatings = sqliteTable(
  'supplier_ratings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    criterion: text('criterion').notNull(),
    score: integer('score').notNull(),
    comment: text('comment'),
    rated_on: text('rated_on').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('supplier_ratings_supplier_idx').on(t.supplier_id, t.rated_on)],
)

/** The turnover a supplier declared for a year (its own figure, beside what we ordered). */
export const supplierTurnovers = sqliteTable(
  'supplier_turnovers',
  {
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    /** Decimal string, in the supplier's currency. */
    amount: text('amount').notNull(),
    updated_at: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.supplier_id, t.year] })],
)

/** A supplier's safety figures for a month on our sites: hours worked, accidents, days lost. */
export const supplierSafety = sqliteTable(
  'supplier_safety',
  {
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    /** "YYYY-MM". */
    month: text('month').notNull(),
    hours_worked: integer('hours_worked').notNull(),
    accidents_with_lost_time: integer('accidents_with_lost_time').notNull(),
    accidents_without_lost_time: integer('accidents_without_lost_time').notNull(),
    days_lost: integer('days_lost').notNull(),
    updated_at: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.supplier_id, t.month] })],
)

/**
 * A supplier's figures over 12 rolling months, kept by the statistics job (a few suppliers per
 * run): what lists, pickers and the Monitoring tab read without recomputing (ordered amount, OTD, OQD,
 * TF1, TG, HSE, rating).
 */
export const supplierStatistics = sqliteTable('supplier_statistics', {
  supplier_id: integer('supplier_id')
    .primaryKey()
    .references(() => suppliers.id, { onDelete: 'cascade' }),
  ordered_amount: text('ordered_amount').notNull(),
  otd: text('otd'),
  oqd: text('oqd'),
  tf1: text('tf1'),
  tg: text('tg'),
  hse: text('hse'),
  rating: text('rating'),
  /** Below an objective or the rating threshold: buyers are warned where they choose suppliers. */
  flagged: flag('flagged').notNull().default(false),
  computed_at: integer('computed_at', { mode: 'timestamp_ms' }).notNull(),
})

/**
 * A supplier's contracts: dates (ISO days; no end date: open-ended), tacit renewal (renewed at its
 * end until the settings' renewal date), the notice to give before the end, an amount. The contracts
 * job ends them, renews them and warns the supplier's manager before the notice deadline.
 */
export const supplierContracts = sqliteTable(
  'supplier_contracts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    reference: text('reference'),
    start_date: text('start_date').notNull(),
    end_date: text('end_date'),
    tacit_renewal: flag('tacit_renewal').notNull().default(false),
    notice_months: integer('notice_months').notNull().default(0),
    /** Decimal string excl. tax, in the supplier's currency; null: not stated. */
    amount_exctax: text('amount_exctax'),
    /** Set by the job once its end date has passed without renewal. */
    ended: flag('ended').notNull().default(false),
    /** When the manager was warned of the notice deadline of its current period. */
    notice_warned_at: integer('notice_warned_at', { mode: 'timestamp_ms' }),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('supplier_contracts_supplier_idx').on(t.supplier_id),
    index('supplier_contracts_end_idx').on(t.end_date),
  ],
)
