import { expect, test } from 'vitest'
import { SETTING_GROUPS, settingFields } from './fields'
import { SettingsSchema } from './settings.schema'

test('every setting of every group has a field, of its kind, with its bounds and choices', () => {
  const keys = SETTING_GROUPS.flatMap((g) => settingFields(g).map((f) => `${g}.${f.key}`))
  const expected = SETTING_GROUPS.flatMap((g) =>
    Object.keys(SettingsSchema.parse({})[g]).map((k) => `${g}.${k}`),
  )
  expect(keys.sort()).toEqual(expected.sort())
  const formats = settingFields('formats')
  expect(formats.find((f) => f.key === 'decimals')).toEqual({
    key: 'decimals',
    kind: 'number',
    nullable: false,
    integer: true,
    min: 0,
    max: 6,
  })
  expect(formats.find((f) => f.key === 'decimal_delimiter')).toMatchObject({
    kind: 'choice',
    options: ['.', ','],
  })
  expect(settingFields('customer').find((f) => f.key === 'user_limit')).toMatchObject({
    kind: 'number',
    nullable: true,
  })
  expect(settingFields('misc').find((f) => f.key === 'actions_to_do_notification_days')).toMatchObject({
    kind: 'list',
    numbers: true,
  })
  expect(settingFields('modules').every((f) => f.kind === 'flag')).toBe(true)
})
