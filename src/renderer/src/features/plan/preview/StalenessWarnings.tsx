import { useTranslation } from 'react-i18next'
import type { StalenessWarning } from '../../../../../shared/hub-api'
import { useFormat } from '../../../i18n/format'
import { Notice } from '../../../ui/Notice'

/** Documents the plan edits that changed after the proposal was written: re-read before resolving. */
export function StalenessWarnings({ warnings }: { warnings: StalenessWarning[] }): React.JSX.Element | null {
  const { t } = useTranslation()
  const f = useFormat()
  if (warnings.length === 0) return null
  return (
    <Notice
      tone="danger"
      iconSize={20}
      strong
      heading={{ level: 'h3', id: 'staleness-title' }}
      testId="staleness-warning"
      title={t('plan.preview.staleTitle', { count: warnings.length })}
    >
      <p>{t('plan.preview.staleExplain')}</p>
      <ul className="plain-list">
        {warnings.map((w) => (
          <li key={`${w.proposalId}-${w.path}`}>
            {t('plan.preview.staleItem', { path: w.path, id: w.proposalId })}
            <ul className="plain-list nested">
              {w.changedBy.map((c) => (
                <li key={c.commit}>
                  <code>{c.commit.slice(0, 10)}</code> {c.subject}{' '}
                  <span className="muted">({f.dateTime(c.date)})</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Notice>
  )
}
