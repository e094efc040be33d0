import { z } from 'zod'
import { CSV_COLUMNS, DATE_FORMATS } from '../accounting/writer'
import { checkPieceNumberTemplate } from '../numbering/piece-number'

/** Optional modules named in the settings (purchasing-domain §1). */
export const MODULES = [
  'multi_company',
  'multi_currency',
  'advanced_suppliers',
  'single_sign_on',
  'database_mirroring',
] as const
export type ModuleName = (typeof MODULES)[number]

const modulesSchema = z.object(
  Object.fromEntries(MODULES.map((name) => [name, z.boolean().default(false)])) as Record<
    ModuleName,
    z.ZodDefault<z.ZodBoolean>
  >,
)

/**
 * A deviation or billing limit in percent; -1 means no limit. The default is 0: nothing received
 * or billed past what was ordered (or received) until an administrator allows a tolerance.
 */
const limit = z
  .number()
  .min(-1)
  .max(1000)
  .refine((n) => n === -1 || n >= 0, 'INVALID_VALUE')
  .default(0)
const positiveInt = (fallback: number) => z.number().int().positive().default(fallback)

/** The fields of an order an administrator may make required (the others are required anyway or computed). */
export const REQUIRABLE_ORDER_FIELDS = [
  'supplier_contact_id',
  'department_id',
  'purchase_type',
  'deposit',
  'delivery_address',
  'supplier_comment',
  'tags',
] as const
/** A request's optional fields an administrator may make required (`lines.x`: on every line). */
export const REQUIRABLE_NEED_FIELDS = [
  'comment',
  'lines.product_family',
  'lines.wanted_date',
  'lines.allocation1',
  'lines.delivery_address',
] as const

/** A delivery's optional fields an administrator may make required (the organisation's receipts). */
export const REQUIRABLE_DELIVERY_FIELDS = ['internal_number', 'delivery_note_number', 'comment'] as const
const MIB = 1024 * 1024

/** Where uploaded files are kept (settings `instance.file_storage`). */
export const FILE_STORAGES = ['folder', 'database'] as const
export type FileStorage = (typeof FILE_STORAGES)[number]

/**
 * Customer settings in the spec's groups (Allocations, API, Contract, Customer, Files, Formats,
 * Misc, Prices) plus the modules. Every key has a default, so `{}` parses to a complete
 * configuration; docs/domain/settings.md lists them.
 */
export const SettingsSchema = z.object({
  allocations: z
    .object({
      /** Names of the four allocation levels. */
      level_labels: z
        .tuple([z.string().min(1), z.string().min(1), z.string().min(1), z.string().min(1)])
        .default(['Project', 'Subproject', 'Nature', 'Allocation']),
      /** Injecting an allocation code requires the right to use that code. */
      check_code_rights: z.boolean().default(true),
    })
    .prefault({}),
  api: z
    .object({
      enabled: z.boolean().default(false),
      /** Requests per minute per token. */
      rate_limit_per_minute: positiveInt(120),
      /**
       * Push mode: Procura posts each lifecycle status to this URL (retrying with backoff) instead
       * of waiting for the platform to collect it; none, the platform collects them.
       */
      status_push_url: z
        .url({ protocol: /^https?$/ })
        .nullable()
        .default(null),
      /** The bearer token Procura presents to the platform when it pushes. */
      status_push_token: z.string().min(1).max(500).nullable().default(null),
      /** What each push carries: the status as JSON, or its CDAR D22B message (XML). */
      status_push_format: z.enum(['json', 'cdar']).default('json'),
    })
    .prefault({}),
  contract: z
    .object({
      /** Warn an agreement's buyer this many days before it ends. */
      agreement_notice_days: z.number().int().min(0).max(365).default(30),
      /** Yearly renewal date of contracts, "dd/mm". */
      renewal_date: z
        .string()
        .regex(/^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])$/, 'INVALID_VALUE')
        .default('01/01'),
      supplier_approval_default_days: positiveInt(365),
      forced_status_max_days: positiveInt(90),
      /** A supplier's manager is warned this many days before one of its documents expires. */
      file_expiry_warning_days: positiveInt(30),
      /** Duty of vigilance: orders from this amount excl. tax need the supplier's required documents valid. */
      vigilance_threshold: z
        .string()
        .regex(/^\d{1,12}(\.\d{1,6})?$/, 'DECIMAL_EXPECTED')
        .default('5000'),
      /** What happens when they are not: the buyer is warned, or the order cannot be submitted. */
      vigilance_action: z.enum(['warn', 'block']).default('warn'),
    })
    .prefault({}),
  customer: z
    .object({
      name: z.string().trim().min(1).max(100).default('Procura'),
      main_color: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/, 'INVALID_VALUE')
        .default('#1f6feb'),
      environment: z.enum(['production', 'test', 'demo', 'development']).default('production'),
      supplier_access: z.boolean().default(false),
      /** Limits of the subscription; null means none. */
      po_limit_per_year: z.number().int().positive().nullable().default(null),
      user_limit: z.number().int().positive().nullable().default(null),
      storage_limit_bytes: z.number().int().positive().nullable().default(null),
      /** Classic login stays available when single sign-on is on. */
      classic_login_with_sso: z.boolean().default(true),
      /** Single sign-on (module single_sign_on): the OpenID Connect provider and this client. */
      sso_issuer: z.url().nullable().default(null),
      sso_client_id: z.string().trim().min(1).max(200).nullable().default(null),
      sso_client_secret: z.string().min(1).max(500).nullable().default(null),
      /** How a signed-in identity finds its user: its e-mail, or its login (preferred_username). */
      sso_match: z.enum(['email', 'login']).default('email'),
      /** An identity with no user gets one, with this role; otherwise it is refused. */
      sso_create_users: z.boolean().default(false),
      sso_default_role: z.string().trim().min(1).max(50).default('requester'),
    })
    .prefault({}),
  files: z
    .object({
      extensions: z
        .array(z.string().regex(/^[a-z0-9]+$/, 'INVALID_VALUE'))
        .min(1)
        .default([
          'pdf',
          'png',
          'jpg',
          'jpeg',
          'gif',
          'webp',
          'txt',
          'csv',
          'doc',
          'docx',
          'xls',
          'xlsx',
          'odt',
          'ods',
          'zip',
        ]),
      max_bytes: positiveInt(10 * MIB),
      max_name_length: positiveInt(150),
      image_max_width: positiveInt(2000),
      image_max_height: positiveInt(2000),
    })
    .prefault({}),
  formats: z
    .object({
      /** "Decimals in amounts": the final rounding of every amount. */
      decimals: z.number().int().min(0).max(6).default(2),
      decimal_delimiter: z.enum(['.', ',']).default('.'),
      /** How dates are written in exported files (accounting CSV). */
      date_format: z.enum(DATE_FORMATS).default('dd/MM/yyyy'),
      time_zone: z.string().min(1).default('Europe/Paris'),
      invoice_piece_number: z
        .string()
        .min(1)
        .refine((t) => checkPieceNumberTemplate(t).ok, 'UNKNOWN_TEMPLATE_TOKEN')
        .default('{year}{month}-{numberInMonth:4}'),
      purchase_order_number: z.string().min(1).default('PO-{year}-{numberInYear:5}'),
      agreement_number: z.string().min(1).default('AGR-{year}-{numberInYear:5}'),
      rfq_number: z
        .string()
        .min(1)
        .refine((t) => checkPieceNumberTemplate(t).ok, 'UNKNOWN_TEMPLATE_TOKEN')
        .default('RFQ-{year}-{numberInYear:5}'),
      delivery_number: z
        .string()
        .min(1)
        .refine((t) => checkPieceNumberTemplate(t).ok, 'UNKNOWN_TEMPLATE_TOKEN')
        .default('DL-{year}-{numberInYear:5}'),
      payment_number: z
        .string()
        .min(1)
        .refine((t) => checkPieceNumberTemplate(t).ok, 'UNKNOWN_TEMPLATE_TOKEN')
        .default('PAY-{year}-{numberInYear:5}'),
      expense_report_number: z
        .string()
        .min(1)
        .refine((t) => checkPieceNumberTemplate(t).ok, 'UNKNOWN_TEMPLATE_TOKEN')
        .default('ER-{year}-{numberInYear:5}'),
      technical_delivery_number: z
        .string()
        .min(1)
        .refine((t) => checkPieceNumberTemplate(t).ok, 'UNKNOWN_TEMPLATE_TOKEN')
        .default('TD-{year}-{numberInYear:5}'),
    })
    .prefault({}),
  misc: z
    .object({
      /**
       * Separation of duties: whoever created or validated an order does not validate the payment
       * of its invoices. On by default; turning it off loosens a control (an administrator's choice).
       */
      payment_separation_of_duties: z.boolean().default(true),
      /** Lists show this many months of data by default. */
      data_display_months: positiveInt(12),
      /** Searches reach back this many months at most. */
      search_limit_months: positiveInt(12),
      password_validity_days: z.number().int().min(0).default(0),
      password_min_length: z.number().int().min(6).max(128).default(8),
      password_require_lowercase: z.boolean().default(true),
      password_require_uppercase: z.boolean().default(true),
      password_require_digit: z.boolean().default(true),
      password_require_symbol: z.boolean().default(false),
      trace_retention_days: positiveInt(730),
      mail_alert_delay_days: positiveInt(2),
      /** Weekdays (1 = Monday … 7 = Sunday) when users with actions to do get an e-mail. */
      actions_to_do_notification_days: z.array(z.number().int().min(1).max(7)).default([1]),
      dashboard_comparison_months: positiveInt(12),
      supplier_statistics_batch: positiveInt(500),
      validator_skip_enabled: z.boolean().default(false),
      /**
       * Validation request mails carry signed, single-use "Validate" and "Refuse" links valid this
       * many hours (docs/domain/circuits.md); 0: the mails carry none.
       */
      email_decision_hours: z.number().int().min(0).max(720).default(72),
      /** The order's optional fields an administrator makes required (spec §2 "required fields"). */
      required_order_fields: z.array(z.enum(REQUIRABLE_ORDER_FIELDS)).default([]),
      /** The same for requests and for deliveries recorded by the organisation's people. */
      required_need_fields: z.array(z.enum(REQUIRABLE_NEED_FIELDS)).default([]),
      required_delivery_fields: z.array(z.enum(REQUIRABLE_DELIVERY_FIELDS)).default([]),
      /** The roles offered as validators in the circuits' drop-downs (spec §6); empty: every role. */
      validator_roles: z.array(z.string().regex(/^[a-z_]+$/, 'INVALID_VALUE')).default([]),
      /** Objectives in percent: health-safety-environment, quality, on-time delivery. */
      objective_hse: z.number().min(0).max(100).default(95),
      objective_oqd: z.number().min(0).max(100).default(95),
      objective_otd: z.number().min(0).max(100).default(95),
      /** Buyers' average rating (on 5) under which a supplier is flagged where buyers choose one. */
      supplier_rating_threshold: z.number().min(1).max(5).default(3),
    })
    .prefault({}),
  prices: z
    .object({
      /** VAT rate applied to budgets kept excluding tax, in percent. */
      budget_vat_rate: z
        .string()
        .regex(/^\d+(\.\d+)?$/, 'INVALID_VALUE')
        .default('20'),
      delivery_line_deviation_percent: limit,
      delivery_total_deviation_percent: limit,
      invoice_line_limit_percent: limit,
      invoice_total_limit_percent: limit,
      /** Bill only what was delivered (else: what was ordered). */
      bill_delivered_only: z.boolean().default(true),
      /** How far past its ceiling an agreement line may be drawn, in percent of the original ceiling (0: not at all). */
      agreement_overdraw_percent: z.number().min(0).max(100).default(0),
    })
    .prefault({}),
  accounting: z
    .object({
      /** The supplier accounts' prefix (spec §3: cannot change once an export exists). */
      export_prefix: z
        .string()
        .trim()
        .regex(/^[0-9A-Z]{1,10}$/, 'INVALID_VALUE')
        .default('401'),
      /** The employees' accounts' prefix (expense reports: "Personnel – rémunérations dues"). */
      employee_prefix: z
        .string()
        .trim()
        .regex(/^[0-9A-Z]{1,10}$/, 'INVALID_VALUE')
        .default('421'),
      journal_code: z.string().trim().min(1).max(10).default('ACH'),
      /** The purchase journal's name in files; null: the format's own (the FEC's "Achats"). */
      journal_label: z.string().trim().min(1).max(100).nullable().default(null),
      /** The bank journal paid payments are booked in, and the ledger account they leave from. */
      bank_journal_code: z.string().trim().min(1).max(10).default('BQ'),
      bank_journal_label: z.string().trim().min(1).max(100).nullable().default(null),
      bank_account_code: z
        .string()
        .trim()
        .regex(/^[0-9A-Z]{1,20}$/, 'INVALID_VALUE')
        .default('512000'),
      csv_separator: z.enum([';', ',', '\t', '|']).default(';'),
      csv_columns: z
        .array(z.enum(CSV_COLUMNS))
        .min(1)
        .default([
          'journal',
          'date',
          'piece',
          'invoice_number',
          'account',
          'auxiliary',
          'label',
          'debit',
          'credit',
        ]),
    })
    .prefault({}),
  /** The scheduled backup (docs/operations.md): off by default; on, one archive a day at `hour`. */
  backups: z
    .object({
      enabled: z.boolean().default(false),
      /** The hour of the day (the instance's time zone) the backup job writes the day's archive. */
      hour: z.number().int().min(0).max(23).default(2),
      /** The folder the archives go to, on the server running the jobs (keep a copy off the machine). */
      folder: z.string().trim().min(1).max(500).default('./data/backups'),
      /** How many archives to keep: the oldest beyond are deleted after a new one is written. */
      keep: z.number().int().min(1).max(365).default(7),
    })
    .prefault({}),
  /**
   * How this installation is reached and where it keeps things (set by `procura init` or the
   * browser's first-run setup, docs/operations.md). SMTP_URL, when set, wins over `smtp_url`.
   */
  instance: z
    .object({
      /** The address people open (behind a reverse proxy): links in mails start with it. */
      public_url: z
        .url({ protocol: /^https?$/ })
        .nullable()
        .default(null),
      /** The mail server (smtp://user:password@host:port or smtps://…); none, mails go to the outbox folder. */
      smtp_url: z
        .string()
        .trim()
        .max(500)
        .regex(/^smtps?:\/\/[^\s]+$/, 'INVALID_VALUE')
        .nullable()
        .default(null),
      /** The sender of Procura's mails ("Procura <no-reply@example.org>"). */
      mail_from: z.string().trim().min(3).max(200).nullable().default(null),
      /** Where uploaded files are kept: the storage folder, or the database (shared by every server). */
      file_storage: z.enum(FILE_STORAGES).default('folder'),
    })
    .prefault({}),
  modules: modulesSchema.prefault({}),
})
export type Settings = z.output<typeof SettingsSchema>

export const DEFAULT_SETTINGS: Settings = SettingsSchema.parse({})

/** The password policy of the settings, in the shape the password validator takes. */
export const passwordPolicyOf = (settings: Settings) => ({
  min_length: settings.misc.password_min_length,
  require_lowercase: settings.misc.password_require_lowercase,
  require_uppercase: settings.misc.password_require_uppercase,
  require_digit: settings.misc.password_require_digit,
  require_symbol: settings.misc.password_require_symbol,
})

/** The file policy of the settings, in the shape the file validator takes. */
export const filePolicyOf = (settings: Settings) => ({
  extensions: settings.files.extensions,
  max_bytes: settings.files.max_bytes,
  max_name_length: settings.files.max_name_length,
})
