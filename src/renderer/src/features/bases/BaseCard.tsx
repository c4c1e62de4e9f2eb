import { AlertTriangle, FileText, Inbox, PenLine } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { BaseSummary } from '../../../../shared/hub-api'
import { useFormat } from '../../i18n/format'
import { basePath } from '../../app/routes'
import { SyncBadge } from '../sync/SyncBadge'
import { SyncTeamLine } from '../sync/SyncTeamLine'

/** One base on the overview: what it is, how big, what waits, what is wrong. */
export function BaseCard({ base }: { base: BaseSummary }): React.JSX.Element {
  const { t } = useTranslation()
  const f = useFormat()
  return (
    <li className="card base-card" data-testid={`base-card-${base.name}`}>
      <h3 className="card-title">
        <Link to={basePath(base.name)} className="card-link">
          {base.title}
        </Link>
      </h3>
      <p className="base-name">
        <code>{base.name}</code>
        {base.version ? <span className="muted"> · v{base.version}</span> : null}
      </p>
      <p className="base-description">{base.description}</p>
      <div className="base-stats">
        <span className="stat" title={t('bases.documentsHint')}>
          <FileText aria-hidden="true" size={14} />{' '}
          {t('bases.documents', { count: base.documents, n: f.number(base.documents) })}
        </span>
        <span className={`stat${base.pending > 0 ? ' stat-accent' : ''}`}>
          <Inbox aria-hidden="true" size={14} />{' '}
          {t('bases.pending', { count: base.pending, n: f.number(base.pending) })}
        </span>
        {base.draft ? (
          <span className="badge badge-warning" title={t('bases.draftHint')}>
            <PenLine aria-hidden="true" size={12} /> {t('bases.draft')}
          </span>
        ) : null}
        <SyncBadge status={base.sync} testId={`sync-badge-${base.name}`} />
      </div>
      <SyncTeamLine status={base.sync} compact />
      {base.warnings.length > 0 ? (
        <ul className="base-warnings" aria-label={t('bases.warnings')}>
          {base.warnings.map((w, i) => (
            <li key={i}>
              <AlertTriangle aria-hidden="true" size={14} /> {w}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  )
}
