import { dataOf } from '@procura/core/answer'
import { formatFileSize } from '@procura/core/format'
import { isLanguage } from '@procura/core/i18n'
import { BackupsAnswerSchema, BackupVerificationAnswerSchema } from '@procura/core/settings'
import { Button } from '@procura/ui-kit/button'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'

const BackupsRead = dataOf(BackupsAnswerSchema)
const VerificationRead = dataOf(BackupVerificationAnswerSchema)

/** The maintenance screen's backups: the scheduled backup's archives, their size, and a check of each. */
export const BackupsPanel = () => {
  const { t, i18n } = useTranslation()
  const format = useFormat()
  const toasts = useToasts()
  const [checking, setChecking] = useState<string | null>(null)
  const answer = useAnswer('/bwapi/maintenance/backups', BackupsRead)
  const backups = answer.data?.data
  const language = isLanguage(i18n.language) ? i18n.language : 'en'
  const check = async (name: string) => {
    setChecking(name)
    try {
      const { data } = await apiRead(
        `/bwapi/maintenance/backups/${encodeURIComponent(name)}/verify`,
        VerificationRead,
        {
          method: 'POST',
          body: {},
        },
      )
      if (data.problems.length === 0)
        toasts.show('success', t('admin.maintenance.backupsPanel.sound', { name }))
      else
        toasts.show(
          'error',
          t('admin.maintenance.backupsPanel.problems', { name, problems: data.problems.join('; ') }),
        )
    } finally {
      setChecking(null)
    }
  }
  return (
    <section aria-labelledby="backups">
      <h2 id="backups">{t('admin.maintenance.backupsPanel.title')}</h2>
      {backups === undefined ? null : backups.enabled ? (
        <p>{t('admin.maintenance.backupsPanel.intro', { folder: backups.folder })}</p>
      ) : (
        <p>
          <Link to="/settings?tab=backups">{t('admin.maintenance.backupsPanel.off')}</Link>
        </p>
      )}
      <Table
        empty={t('admin.maintenance.backupsPanel.none')}
        columns={[
          {
            key: 'name',
            header: t('admin.maintenance.backupsPanel.archive'),
            rowHeader: true,
            cell: (b) => b.name,
          },
          {
            key: 'written',
            header: t('admin.maintenance.backupsPanel.written'),
            cell: (b) => format.dateTime(b.written_at),
          },
          {
            key: 'size',
            header: t('admin.maintenance.backupsPanel.size'),
            numeric: true,
            cell: (b) => formatFileSize(b.size, language),
          },
          {
            key: 'actions',
            header: <span className="pc-visually-hidden">{t('table.actions')}</span>,
            cell: (b) => (
              <Button
                variant="secondary"
                size="small"
                loading={checking === b.name}
                onClick={() => void check(b.name)}
              >
                {t('admin.maintenance.backupsPanel.check', { name: b.name })}
              </Button>
            ),
          },
        ]}
        rows={backups?.archives ?? []}
        rowKey={(b) => b.name}
      />
    </section>
  )
}
