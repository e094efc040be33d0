import type { ListDefinition } from '../list/definition'

const t = (en: string, es: string, fr: string) => ({ en, es, fr })

/** The users list (GET /bwapi/users). */
export const USER_LIST = {
  name: 'users',
  title: t('Users', 'Usuarios', 'Utilisateurs'),
  defaultSort: { key: 'login', direction: 'asc' },
  columns: [
    { key: 'login', kind: 'code', label: t('Login', 'Usuario', 'Identifiant'), sortable: true },
    { key: 'label', kind: 'text', label: t('Name', 'Nombre', 'Nom'), sortable: true },
    { key: 'email', kind: 'text', label: t('E-mail', 'Correo electrónico', 'E-mail'), sortable: true },
    { key: 'role', field: 'role_label', kind: 'text', label: t('Role', 'Rol', 'Rôle'), sortable: true },
    {
      key: 'active',
      kind: 'status',
      label: t('Active', 'Activo', 'Actif'),
      sortable: true,
      labels: { true: t('Active', 'Activo', 'Actif'), false: t('Inactive', 'Inactivo', 'Inactif') },
    },
    { key: 'language', kind: 'code', label: t('Language', 'Idioma', 'Langue'), visible: false },
    {
      key: 'created_at',
      kind: 'datetime',
      label: t('Created', 'Creado', 'Créé'),
      sortable: true,
      visible: false,
    },
  ],
} as const satisfies ListDefinition
