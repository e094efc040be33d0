import { isLanguage, LANGUAGES } from '@procura/core/i18n'
import { Breadcrumbs, PageFrame } from '@procura/ui-kit/page-frame'
import { useTranslation } from 'react-i18next'
import { Link, Outlet } from 'react-router'

const LANGUAGE_NAMES = { en: 'English', es: 'Español', fr: 'Français' } as const

/** The frame around every signed-in page. */
export const Shell = () => {
  const { t, i18n } = useTranslation()
  return (
    <PageFrame
      brand={
        <Link to="/" className="pc-frame__brand">
          {t('app.name')}
        </Link>
      }
      menuLabel={t('shell.menu')}
      menu={
        <ul>
          <li>
            <Link to="/">{t('shell.dashboard')}</Link>
          </li>
        </ul>
      }
      headerEnd={
        <label>
          <span className="pc-visually-hidden">{t('shell.language')}</span>
          <select
            aria-label={t('shell.language')}
            value={i18n.language}
            onChange={(event) => {
              if (isLanguage(event.target.value)) void i18n.changeLanguage(event.target.value)
            }}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </label>
      }
      breadcrumbs={<Breadcrumbs label={t('shell.breadcrumbs')} items={[{ label: t('shell.dashboard') }]} />}
      footer={t('shell.footer')}
    >
      <Outlet />
    </PageFrame>
  )
}
