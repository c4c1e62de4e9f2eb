import { AlertTriangle, Copy, FilePlus2, Import, Library, RefreshCw, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { BasesOverview } from '../../../../shared/hub-api'
import { useTranslation } from 'react-i18next'
import { BaseCard } from './BaseCard'
import { EmptyState } from '../../ui/EmptyState'
import { FirstSteps } from './FirstSteps'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { RemovedNotice } from '../trash/RemovedNotice'
import { RescanReport } from './RescanReport'
import { Skeleton } from '../../ui/Skeleton'
import { Spinner } from '../../ui/Spinner'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { importPath, newBasePath } from '../../app/routes'
import { useBases } from '../../stores/bases'
import { bundleProblemWords } from '../../lib/bundle-problems'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

/** Every base of this machine, the bundles that could not be served and why, and a rescan. */
export function BasesOverviewScreen(): React.JSX.Element {
  const { t } = useTranslation()
  useDocumentTitle(t('overview.title'))
  const { overview, error, lastRescan, rescanError, load } = useBases()

  return (
    <div className="screen">
      <header className="screen-header">
        <div>
          <h1>{t('overview.title')}</h1>
          {overview ? (
            <p className="muted">
              {t('overview.folder')} <code>{overview.basesDir}</code>
            </p>
          ) : null}
        </div>
        <OverviewActions />
      </header>

      <RemovedNotice />

      {lastRescan ? <RescanReport result={lastRescan} /> : null}
      {rescanError ? <ErrorNotice error={rescanError} context={t('overview.rescan')} compact /> : null}
      {error ? (
        <ErrorNotice error={error} context={t('overview.loading')} onRetry={() => void load()} />
      ) : null}
      {!overview && !error ? <Skeleton lines={6} /> : null}

      {overview ? <OverviewContent overview={overview} /> : null}
    </div>
  )
}

/** What the scan found: the bases, or how to make the first; what it could not serve, and why. */
function OverviewContent({ overview }: { overview: BasesOverview }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <>
      <FirstSteps overview={overview} />

      {!overview.basesDirFound ? (
        <Notice tone="warning" title={t('overview.dirMissing')}>
          <p>
            <code>{overview.basesDir}</code>
          </p>
        </Notice>
      ) : null}

      {overview.bases.length === 0 ? <OverviewEmpty /> : null}

      {overview.bases.length > 0 ? (
        <section aria-labelledby="bases-heading">
          <h2 id="bases-heading" className="section-title">
            {t('overview.bases', { count: overview.bases.length })}
          </h2>
          <ul className="card-grid">
            {overview.bases.map((b) => (
              <BaseCard key={b.name} base={b} />
            ))}
          </ul>
        </section>
      ) : null}

      {overview.invalid.length > 0 ? (
        <ProblemSection
          id="invalid-heading"
          icon={AlertTriangle}
          title={t('overview.invalid', { count: overview.invalid.length })}
          hint={t('overview.invalidHint')}
          testId="invalid-bundles"
        >
          {overview.invalid.map((i) => (
            <li key={i.dir}>
              <code>{i.dir}</code> —{' '}
              {i.problem ? bundleProblemWords(t, i.problem) : <span lang="fr">{i.reason}</span>}
            </li>
          ))}
        </ProblemSection>
      ) : null}

      {overview.collisions.length > 0 ? (
        <ProblemSection
          id="collisions-heading"
          icon={Copy}
          title={t('overview.collisions', { count: overview.collisions.length })}
          testId="collisions"
        >
          {overview.collisions.map((c) => (
            <li key={`${c.name}-${c.ignored}`}>
              {t('overview.collision', { name: c.name, kept: c.kept, ignored: c.ignored })}
            </li>
          ))}
        </ProblemSection>
      ) : null}
    </>
  )
}

/** Rescan the folder, a new base, an import. */
function OverviewActions(): React.JSX.Element {
  const { t } = useTranslation()
  const { overview, loading, rescanning, rescan } = useBases()
  return (
    <div className="screen-actions">
      {loading && overview ? <Spinner inline /> : null}
      <Button
        onClick={() => void rescan()}
        disabled={rescanning}
        title={t('overview.rescanHint')}
        testId="rescan-button"
      >
        <RefreshCw aria-hidden="true" size={16} className={rescanning ? 'spin' : undefined} />
        {rescanning ? t('overview.rescanning') : t('overview.rescan')}
      </Button>
      <Link to={newBasePath()} className="button" data-testid="new-base-link">
        <FilePlus2 aria-hidden="true" size={16} /> {t('overview.newBase')}
      </Link>
      <Link to={importPath()} className="button button-primary" data-testid="import-link">
        <Import aria-hidden="true" size={16} /> {t('overview.import')}
      </Link>
    </div>
  )
}

/** No base yet: import one or make one. */
function OverviewEmpty(): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <EmptyState icon={<Library size={40} />} title={t('overview.emptyTitle')} testId="bases-empty">
      <p>{t('overview.emptyBody')}</p>
      <p className="empty-actions">
        <Link to={importPath()} className="button button-primary" data-testid="empty-import">
          <Import aria-hidden="true" size={16} /> {t('overview.import')}
        </Link>
        <Link to={newBasePath()} className="button" data-testid="empty-new-base">
          <FilePlus2 aria-hidden="true" size={16} /> {t('overview.newBase')}
        </Link>
      </p>
      <p className="muted">{t('overview.emptyHint')}</p>
    </EmptyState>
  )
}

/** What the scan could not serve (invalid bundles, two bases of one name): a titled list. */
function ProblemSection(props: {
  id: string
  icon: LucideIcon
  title: string
  hint?: string
  testId: string
  children: ReactNode
}): React.JSX.Element {
  const Icon = props.icon
  return (
    <section aria-labelledby={props.id} className="section">
      <h2 id={props.id} className="section-title">
        <Icon aria-hidden="true" size={16} /> {props.title}
      </h2>
      {props.hint ? <p className="muted">{props.hint}</p> : null}
      <ul className="problem-list" data-testid={props.testId}>
        {props.children}
      </ul>
    </section>
  )
}
