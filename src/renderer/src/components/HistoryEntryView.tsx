import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { HistoryEntry } from '../../../shared/hub-api'
import { useFormat } from '../i18n/format'
import { auditPath } from '../routes'
import { CommitKindIcon } from './CommitKindIcon'
import { RelativeTime } from './RelativeTime'

/** One commit as the manager reads it: what, who, when, its trailers and the proposals it names. */
export function HistoryEntryView({
  base,
  entry,
  as = 'li',
  trailLinks = true
}: {
  base: string
  entry: HistoryEntry
  as?: 'li' | 'div'
  /** Off inside an audit trail (it would link to itself). */
  trailLinks?: boolean
}): React.JSX.Element {
  const { t } = useTranslation()
  const f = useFormat()
  const Tag = as
  const body = entry.message.split('\n').slice(1).join('\n').trim()
  return (
    <Tag className={`history-entry history-${entry.kind}`} data-testid={`history-entry-${entry.commit}`}>
      <CommitKindIcon kind={entry.kind} />
      <div className="history-main">
        <p className="history-subject">{entry.subject}</p>
        <p className="history-meta">
          <code title={entry.commit}>{entry.commit.slice(0, 10)}</code> ·{' '}
          <span className={`history-kind history-kind-${entry.kind}`}>
            {t(`history.kinds.${entry.kind}`)}
          </span>{' '}
          · <span>{entry.author}</span> · <RelativeTime iso={entry.date} />{' '}
          <span className="muted">({f.dateTime(entry.date)})</span>
        </p>
        {entry.trailers.length > 0 ? (
          <dl className="trailers" aria-label={t('history.trailers')}>
            {entry.trailers.map((tr, i) => (
              <div key={i} className="trailer">
                <dt>{tr.key}</dt>
                <dd>
                  {tr.key === 'Proposal' && trailLinks ? (
                    <Link to={auditPath(base, tr.value)}>{tr.value}</Link>
                  ) : (
                    tr.value
                  )}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {trailLinks && entry.kind === 'submission' && entry.proposals.length > 0 ? (
          <p className="history-links">
            {entry.proposals.map((id) => (
              <Link key={id} to={auditPath(base, id)}>
                {t('history.trailOf', { id })}
              </Link>
            ))}
          </p>
        ) : null}
        {body && entry.trailers.length === 0 ? (
          <details className="history-body">
            <summary>{t('history.fullMessage')}</summary>
            <pre className="code-block code-small">{entry.message}</pre>
          </details>
        ) : null}
      </div>
    </Tag>
  )
}
