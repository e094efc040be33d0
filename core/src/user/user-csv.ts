/** The columns of users.csv, in order (the export writes them; an import takes any of them with `id` and `login`). */
export const USER_CSV_COLUMNS = [
  'id',
  'login',
  'label',
  'email',
  'language',
  'role',
  'active',
  'buyer',
  'can_view_other_po',
  'price_display_inctax',
] as const

/** The columns that are flags (1, true, yes…). */
export const USER_CSV_FLAGS = ['active', 'buyer', 'can_view_other_po', 'price_display_inctax'] as const

/**
 * A user an import may not change (spec §5 "Protected users cannot be changed"): an administrator,
 * and whoever runs the import — a file never takes the administration away from anyone.
 */
export const isProtectedUser = (user: { id: number; role: string | null }, importerId: number) =>
  user.role === 'admin' || user.id === importerId
