import type { Language } from './language'

/** Kinds of reference data the product ships with names in every language. */
export type ReferenceKind =
  | 'unit'
  | 'family_type'
  | 'family'
  | 'subfamily'
  | 'warehouse'
  | 'expense_type'
  | 'expense_field'

type Names = Readonly<Record<Exclude<Language, 'en'>, string>> & { readonly en: string }

/** Units of measure offered on lines; a unit typed by hand is kept as typed. */
export const UNITS = ['unit', 'box', 'pack', 'pair', 'kg', 'l', 'm', 'hour', 'day'] as const

const SHIPPED: Record<ReferenceKind, Readonly<Record<string, Names>>> = {
  unit: {
    unit: { en: 'unit', fr: 'unité', es: 'unidad' },
    box: { en: 'box', fr: 'boîte', es: 'caja' },
    pack: { en: 'pack', fr: 'paquet', es: 'paquete' },
    pair: { en: 'pair', fr: 'paire', es: 'par' },
    kg: { en: 'kg', fr: 'kg', es: 'kg' },
    l: { en: 'l', fr: 'l', es: 'l' },
    m: { en: 'm', fr: 'm', es: 'm' },
    hour: { en: 'hour', fr: 'heure', es: 'hora' },
    day: { en: 'day', fr: 'jour', es: 'día' },
  },
  family_type: {
    SUPPLIES: { en: 'Supplies', fr: 'Fournitures', es: 'Suministros' },
    EQUIPMENT: { en: 'Equipment', fr: 'Équipement', es: 'Equipamiento' },
  },
  family: {
    OFFICE: { en: 'Office supplies', fr: 'Fournitures de bureau', es: 'Material de oficina' },
    CLEANING: { en: 'Cleaning', fr: 'Entretien', es: 'Limpieza' },
    SAFETY: { en: 'Safety', fr: 'Sécurité', es: 'Seguridad' },
    IT: { en: 'IT equipment', fr: 'Matériel informatique', es: 'Equipos informáticos' },
    FURNITURE: { en: 'Furniture', fr: 'Mobilier', es: 'Mobiliario' },
  },
  subfamily: {
    PAPER: { en: 'Paper', fr: 'Papier', es: 'Papel' },
    WRITING: { en: 'Writing', fr: 'Écriture', es: 'Escritura' },
    DETERGENT: { en: 'Detergents', fr: 'Détergents', es: 'Detergentes' },
    WIPES: { en: 'Wipes', fr: 'Lingettes', es: 'Toallitas' },
    GLOVES: { en: 'Gloves', fr: 'Gants', es: 'Guantes' },
    HELMETS: { en: 'Helmets', fr: 'Casques', es: 'Cascos' },
    CABLES: { en: 'Cables', fr: 'Câbles', es: 'Cables' },
    SCREENS: { en: 'Screens', fr: 'Écrans', es: 'Pantallas' },
    CHAIRS: { en: 'Chairs', fr: 'Sièges', es: 'Sillas' },
    DESKS: { en: 'Desks', fr: 'Bureaux', es: 'Escritorios' },
  },
  warehouse: {
    MAIN: { en: 'Main warehouse', fr: 'Entrepôt principal', es: 'Almacén principal' },
    NORTH: { en: 'North depot', fr: 'Dépôt nord', es: 'Depósito norte' },
  },
  expense_type: {
    MEAL: { en: 'Meal', fr: 'Repas', es: 'Comida' },
    TRAIN: { en: 'Train ticket', fr: 'Billet de train', es: 'Billete de tren' },
    HOTEL: { en: 'Hotel night', fr: 'Nuit d’hôtel', es: 'Noche de hotel' },
    TOLL: { en: 'Tolls and parking', fr: 'Péages et stationnement', es: 'Peajes y aparcamiento' },
    KM: { en: 'Mileage', fr: 'Indemnités kilométriques', es: 'Kilometraje' },
  },
  /** The fields of the shipped expense types, by their key. */
  expense_field: {
    meal: { en: 'Meal', fr: 'Repas', es: 'Comida' },
    guests: { en: 'Guests', fr: 'Invités', es: 'Invitados' },
    distance: { en: 'Distance (km)', fr: 'Distance (km)', es: 'Distancia (km)' },
    nights: { en: 'Nights', fr: 'Nuits', es: 'Noches' },
  },
}

/** The plural of each shipped unit, per language (kg, l and m do not change). */
const UNIT_PLURALS: Readonly<Record<string, Names>> = {
  unit: { en: 'units', fr: 'unités', es: 'unidades' },
  box: { en: 'boxes', fr: 'boîtes', es: 'cajas' },
  pack: { en: 'packs', fr: 'paquets', es: 'paquetes' },
  pair: { en: 'pairs', fr: 'paires', es: 'pares' },
  hour: { en: 'hours', fr: 'heures', es: 'horas' },
  day: { en: 'days', fr: 'jours', es: 'días' },
}

/**
 * A quantity's unit as the language says it for that quantity, by the language's plural rules
 * ("1 unité", "1,5 unité", "8 unités"; "1 unit", "1.5 units"): shipped units only; a unit the
 * organisation named itself shows as written.
 */
export const unitFor = (code: string, quantity: string, language: Language): string => {
  const singular = referenceLabel('unit', code, code, language)
  const plural = UNIT_PLURALS[code]
  if (plural === undefined) return singular
  const amount = Number(quantity)
  if (!Number.isFinite(amount)) return singular
  return new Intl.PluralRules(language).select(amount) === 'one' ? singular : plural[language]
}

/**
 * The name of a piece of reference data in a language. The product's own reference data (units,
 * the standard classification, the starter warehouses) has a name per language, used while the
 * organisation keeps the shipped name; a name the organisation changed or created is its own and
 * shows as written.
 */
export const referenceLabel = (
  kind: ReferenceKind,
  code: string | null | undefined,
  label: string,
  language: Language,
): string => {
  const names = code === null || code === undefined ? undefined : SHIPPED[kind][code]
  if (names === undefined || names.en !== label) return label
  return names[language]
}

/**
 * Every shipped reference name that reads differently in a language than in English: what a screen
 * in that language must not show in English (the browser walk's text scan).
 */
export const namesOnlyInEnglish = (language: Language): string[] =>
  Object.values(SHIPPED).flatMap((names) =>
    Object.values(names).flatMap((n) => (n.en !== n[language] ? [n.en] : [])),
  )

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * The codes of the shipped reference data of a kind whose name in `language` holds `typed` (case and
 * accents aside): a search typed in French ("Fournitures de bureau") finds the row stored under its
 * English label.
 */
export const referenceCodesNamed = (kind: ReferenceKind, typed: string, language: Language): string[] => {
  const needle = folded(typed.trim())
  if (needle === '') return []
  return Object.entries(SHIPPED[kind])
    .filter(([, names]) => folded(names[language]).includes(needle))
    .map(([code]) => code)
}

/** Maps rows with a code and a label to the same rows named in a language (referenceLabel). */
export const namedIn =
  (kind: ReferenceKind, language: Language) =>
  <T extends { code: string | null; label: string }>(row: T): T => ({
    ...row,
    label: referenceLabel(kind, row.code, row.label, language),
  })
