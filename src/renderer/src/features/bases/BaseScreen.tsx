import { ClipboardList, GitCommitHorizontal, PenLine } from 'lucide-react'
import { useEffect } from 'react'
import { Link, Outlet, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../ui/EmptyState'
import { Notice } from '../../ui/Notice'
import { RemoveBaseButton } from '../trash/RemoveBaseButton'
import { SyncBadge } from '../sync/SyncBadge'
import { SyncButtons } from '../sync/SyncButtons'
import { SyncPanel } from '../sync/SyncPanel'
import { overviewPath, planPath } from '../../app/routes'
import { useBases } from '../../stores/bases'
import { usePlans } from '../plan/plan-store'
import { bundleProblemWords } from '../../lib/bundle-problems'

/** A base's frame: its name, its draft state, the plan in progress; the tab or screen below. */
export function BaseScreen(): React.JSX.Element {
  const { t } = useTranslation()
  const base = useParams().base ?? ''
  const overview = useBases((s) => s.overview)
  const summary = overview?.bases.find((b) => b.name === base) ?? null
  const ensure = usePlans((s) => s.ensure)
  const inPlan = usePlans((s) => s.slots[base]?.plan.resolutions.length ?? 0)

  useEffect(() => void ensure(base), [base, ensure])

  // Its folder is still there, but its okf-bundle.yaml no longer reads (a colleague's commit, a
  // hand edit): say that, as the overview does, not that the base is gone.
  const broken = overview?.invalid.find((i) => i.dir.split(/[\\/]/).pop() === base) ?? null
  if (overview && !summary && broken) {
    return (
      <div className="screen">
        <EmptyState title={t('base.brokenTitle', { base })}>
          <p data-testid="base-broken">
            {broken.problem ? bundleProblemWords(t, broken.problem) : <span lang="fr">{broken.reason}</span>}
          </p>
          <p>{t('base.brokenBody')}</p>
          <p>
            <Link to={overviewPath()}>{t('base.backToOverview')}</Link>
          </p>
        </EmptyState>
      </div>
    )
  }
  if (overview && !summary) {
    return (
      <div className="screen">
        <EmptyState title={t('base.unknownTitle', { base })}>
          <p>{t('base.unknownBody')}</p>
          <p>
            <Link to={overviewPath()}>{t('base.backToOverview')}</Link>
          </p>
        </EmptyState>
      </div>
    )
  }

  return (
    <div className="screen base-screen">
      <header className="screen-header base-header">
        <div className="base-heading">
          <h1>{summary?.title ?? base}</h1>
          <p className="muted">
            <code>{base}</code>
            {summary?.draft ? (
              <span className="badge badge-warning" title={t('bases.draftHint')}>
                <PenLine aria-hidden="true" size={12} /> {t('bases.draft')}
              </span>
            ) : null}
            <SyncBadge status={summary?.sync} testId="sync-badge" explained />
          </p>
        </div>
        <div className="screen-actions">
          <SyncButtons base={base} status={summary?.sync} />
          {summary ? <RemoveBaseButton base={base} title={summary.title} /> : null}
          <Link
            to={planPath(base)}
            className={`button${inPlan > 0 ? ' button-primary' : ''}`}
            data-testid="plan-link"
          >
            <ClipboardList aria-hidden="true" size={16} />
            {inPlan > 0 ? t('base.planCount', { count: inPlan }) : t('base.plan')}
          </Link>
        </div>
      </header>
      <SyncPanel base={base} status={summary?.sync} />
      {summary?.detached ? (
        <Notice
          tone="warning"
          icon={GitCommitHorizontal}
          testId="base-detached"
          title={t('base.detachedTitle')}
        >
          <p>{t('base.detachedBody', { commit: summary.head?.slice(0, 10) ?? '' })}</p>
        </Notice>
      ) : null}
      <Outlet />
    </div>
  )
}
