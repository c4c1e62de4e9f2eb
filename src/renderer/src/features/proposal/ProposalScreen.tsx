import { ArrowLeft, FileText, History, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { ProposalDetail } from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { ContributionNote } from './ContributionNote'
import { DocumentReader } from '../../ui/DocumentReader'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Markdown } from '../../ui/Markdown'
import { ProposalActions } from './ProposalActions'
import { ProposalBadges } from './ProposalBadges'
import { RelativeTime } from '../../ui/RelativeTime'
import { Skeleton } from '../../ui/Skeleton'
import { SourceList } from './SourceList'
import { Spinner } from '../../ui/Spinner'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { useHubQuery } from '../../hooks/useHubQuery'
import { useFormat } from '../../i18n/format'
import { auditPath, corpusPath, inventoryPath } from '../../app/routes'
import { useBaseRevision } from '../../stores/live'
import { Button } from '../../ui/Button'

/** One proposal: what it says (untrusted), who and when, what it likely concerns, read beside it. */
export function ProposalScreen(): React.JSX.Element {
  const { t } = useTranslation()
  const params = useParams()
  const base = params.base ?? ''
  const id = params.id ?? ''
  useDocumentTitle(id)
  const rev = useBaseRevision(base)
  const q = useHubQuery(() => hub().proposal(base, id), [base, id, rev], `${base}/${id}`)
  const p = q.data && q.data.id === id && q.data.base === base ? q.data : null
  const [side, setSide] = useState<{ base: string; path: string } | null>(null)

  // The first likely document opens beside the proposal, once per proposal.
  const firstDoc = p?.likelyDocuments[0] ?? null
  useEffect(() => {
    if (firstDoc) setSide((s) => s ?? { base, path: firstDoc })
  }, [firstDoc, base])

  return (
    <div className="proposal-screen">
      <p className="breadcrumb">
        <Link to={inventoryPath(base)}>
          <ArrowLeft aria-hidden="true" size={14} /> {t('proposal.back')}
        </Link>
      </p>
      <div className={`split${side ? ' split-open' : ''}`}>
        <article className="proposal-detail" data-testid="proposal-detail" aria-busy={q.loading}>
          {q.error && !p ? (
            <ErrorNotice error={q.error} context={t('proposal.loading')} onRetry={q.reload} />
          ) : null}
          {!p && !q.error ? <Skeleton lines={10} /> : null}
          {p ? (
            <>
              <header className="proposal-header">
                <h2 className="proposal-title">{p.concerns ?? p.id}</h2>
                <p className="inv-meta">
                  <code>{p.id}</code>
                  <ProposalBadges p={p} />
                  <span className={`badge badge-folder-${p.folder}`}>
                    {t(`proposal.folders.${p.folder}`)}
                  </span>
                  {q.loading ? <Spinner inline /> : null}
                </p>
              </header>
              <ContributionNote />
              <ProposalFacts p={p} />

              <section className="contribution" aria-labelledby="contribution-title">
                <h3 id="contribution-title" className="contribution-title">
                  {t('proposal.content')}
                </h3>
                <Markdown
                  source={p.body}
                  base={base}
                  onOpenDocument={(b, path) => setSide({ base: b, path })}
                />
              </section>

              {p.folder !== 'pending' ? <ResolutionFacts p={p} /> : null}

              <ProposalDocuments
                p={p}
                open={side?.base === base ? side.path : null}
                onOpen={(path) => setSide({ base, path })}
              />

              {p.folder === 'pending' ? <ProposalActions base={base} id={p.id} /> : null}
              <p>
                <Link to={auditPath(base, p.id)} data-testid="audit-link">
                  <History aria-hidden="true" size={14} /> {t('proposal.auditTrail')}
                </Link>
              </p>
            </>
          ) : null}
        </article>
        {side ? <SidePanel side={side} onSide={setSide} /> : null}
      </div>
    </div>
  )
}

type Proposal = ProposalDetail
type Side = { base: string; path: string } | null

/** Who sent it, when, and from which sources. */
function ProposalFacts({ p }: { p: Proposal }): React.JSX.Element {
  const { t } = useTranslation()
  const f = useFormat()
  return (
    <dl className="facts">
      <div>
        <dt>{t('proposal.submittedBy')}</dt>
        <dd>
          <code>{p.submittedBy ?? t('proposal.unknownSubmitter')}</code>
        </dd>
      </div>
      <div>
        <dt>{t('proposal.submittedAt')}</dt>
        <dd>
          <RelativeTime iso={p.submittedAt} fallbackDays={p.ageDays} />
          {p.submittedAt ? <span className="muted"> · {f.dateTime(p.submittedAt)}</span> : null}
        </dd>
      </div>
      <div>
        <dt>{t('proposal.sources')}</dt>
        <dd>
          <SourceList sources={p.sources} />
        </dd>
      </div>
    </dl>
  )
}

/** A resolved proposal: the decision, when, and why it was rejected. */
function ResolutionFacts({ p }: { p: Proposal }): React.JSX.Element {
  const { t } = useTranslation()
  const f = useFormat()
  return (
    <section className="resolution-facts" aria-labelledby="resolution-title">
      <h3 id="resolution-title">{t('proposal.resolution')}</h3>
      <dl className="facts">
        <div>
          <dt>{t('proposal.decision')}</dt>
          <dd>{t(`proposal.folders.${p.folder}`)}</dd>
        </div>
        {p.resolvedAt ? (
          <div>
            <dt>{t('proposal.resolvedAt')}</dt>
            <dd>{f.dateTime(p.resolvedAt) ?? p.resolvedAt}</dd>
          </div>
        ) : null}
        {p.rejectionReason ? (
          <div>
            <dt>{t('proposal.rejectionReason')}</dt>
            <dd>{p.rejectionReason}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  )
}

/** The documents it likely concerns (pending) or was integrated into, each opened beside it. */
function ProposalDocuments({
  p,
  open,
  onOpen
}: {
  p: Proposal
  open: string | null
  onOpen(path: string): void
}): React.JSX.Element {
  const { t } = useTranslation()
  const docs = p.folder === 'pending' ? p.likelyDocuments : p.integratedInto
  return (
    <section aria-labelledby="docs-title">
      <h3 id="docs-title">
        {p.folder === 'pending' ? t('proposal.likelyDocuments') : t('proposal.integratedInto')}
      </h3>
      {docs.length === 0 ? (
        <p className="muted">
          {p.folder === 'pending' ? t('proposal.noLikely') : t('proposal.noIntegrated')}
        </p>
      ) : (
        <ul className="doc-buttons">
          {docs.map((d) => (
            <li key={d}>
              <button
                type="button"
                className={`button button-small${open === d ? ' is-active' : ''}`}
                aria-pressed={open === d}
                onClick={() => onOpen(d)}
                data-testid={`likely-doc-${d}`}
              >
                <FileText aria-hidden="true" size={14} /> {d}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The document read beside the proposal, with the way to the corpus and Close. */
function SidePanel({
  side,
  onSide
}: {
  side: NonNullable<Side>
  onSide(side: Side): void
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <aside className="side-panel" aria-label={t('proposal.sidePanel')}>
      <div className="side-panel-bar">
        <Link to={corpusPath(side.base, side.path)} className="muted">
          {t('proposal.openInCorpus')}
        </Link>
        <Button
          look="ghost icon"
          icon={X}
          onClick={() => onSide(null)}
          aria-label={t('proposal.closeSide')}
        />
      </div>
      <DocumentReader
        base={side.base}
        path={side.path}
        headingLevel={3}
        onOpenDocument={(b, path) => onSide({ base: b, path })}
      />
    </aside>
  )
}
