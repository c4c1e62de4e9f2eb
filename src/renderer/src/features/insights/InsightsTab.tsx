import { Lightbulb, PenLine, Undo2, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { GapTopic, HubApiError, Insights } from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { toHubApiError } from '../../api/errors'
import { EmptyState } from '../../ui/EmptyState'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Skeleton } from '../../ui/Skeleton'
import { Spinner } from '../../ui/Spinner'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { useHubQuery } from '../../hooks/useHubQuery'
import { useFormat } from '../../i18n/format'
import { gapEdit } from '../plan/gap-edit'
import { commitPath, planPath } from '../../app/routes'
import { useInsightsRevision } from '../../stores/live'
import { usePlans } from '../plan/plan-store'
import { Button } from '../../ui/Button'
import { shownQuery } from '../../../../shared/query-shown'

/**
 * What agents could not find in this base (issue 29 §3): open gaps ranked by sessions, with
 * their queries as plain text (an agent's words: never markdown, never a link); "Write it" opens
 * the plan with a new document and the queries beside its editor; "Not for this base" sets a gap
 * aside, reversibly. Then what agents read, and the proposals' figures.
 */
export function InsightsTab(): React.JSX.Element {
  const { t } = useTranslation()
  const base = useParams().base ?? ''
  useDocumentTitle(`${t('tabs.insights')} · ${base}`)
  const rev = useInsightsRevision(base)
  const q = useHubQuery(() => hub().insights(base), [base, rev], base)
  // The answer of the last dismissal, until the next read replaces it.
  const [after, setAfter] = useState<Insights | null>(null)
  const [actionError, setActionError] = useState<{ error: HubApiError; context: string } | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  useEffect(() => setAfter(null), [q.data])
  const data = after && after.base === base ? after : q.data && q.data.base === base ? q.data : null

  const dismiss = async (id: string, dismissed: boolean): Promise<void> => {
    setBusy(id)
    setActionError(null)
    try {
      setAfter(await hub().dismissGap(base, id, dismissed))
    } catch (e) {
      setActionError({
        error: toHubApiError(e),
        context: t(dismissed ? 'insights.dismissFailed' : 'insights.restoreFailed')
      })
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className="insights" aria-labelledby="insights-heading">
      <h2 id="insights-heading" className="section-title">
        {t('insights.title')} {q.loading && data ? <Spinner inline /> : null}
      </h2>
      <p className="muted">{t('insights.explain')}</p>
      {q.error && !data ? (
        <ErrorNotice error={q.error} context={t('insights.loading')} onRetry={q.reload} />
      ) : null}
      {actionError ? <ErrorNotice error={actionError.error} context={actionError.context} compact /> : null}
      {!data && !q.error ? <Skeleton lines={8} /> : null}
      {data ? <InsightsBody base={base} data={data} busy={busy} onDismiss={dismiss} /> : null}
    </section>
  )
}

function InsightsBody({
  base,
  data,
  busy,
  onDismiss
}: {
  base: string
  data: Insights
  busy: string | null
  onDismiss: (id: string, dismissed: boolean) => Promise<void>
}): React.JSX.Element {
  const { t } = useTranslation()
  const f = useFormat()
  const navigate = useNavigate()
  const addEdit = usePlans((s) => s.addEdit)
  const open = data.gaps.filter((g) => g.status === 'open')
  const closed = data.gaps.filter((g) => g.status === 'closed')
  const dismissed = data.gaps.filter((g) => g.status === 'dismissed')

  const writeIt = async (gap: GapTopic): Promise<void> => {
    await addEdit(base, gapEdit(gap))
    void navigate(planPath(base))
  }

  return (
    <>
      {data.journal.since ? (
        <p className="muted" data-testid="insights-events">
          {t('insights.events', { count: data.journal.events, since: f.date(data.journal.since) })}
        </p>
      ) : (
        <p className="hint">{t('insights.noJournal')}</p>
      )}

      <h3 className="gap-section-title">{t('insights.openTitle')}</h3>
      {open.length === 0 ? (
        <EmptyState
          icon={<Lightbulb size={40} />}
          // Without a search to judge, « agents found what they searched for » would be a claim.
          title={t(data.journal.since ? 'insights.openEmpty' : 'insights.openNothingYet')}
          testId="insights-no-gap"
        />
      ) : (
        <>
          <p className="hint">{t('insights.rank')}</p>
          <ol className="gap-list" data-testid="gap-list">
            {open.map((g) => (
              <OpenGap
                key={g.id}
                gap={g}
                busy={busy === g.id}
                onWrite={() => void writeIt(g)}
                onDismiss={onDismiss}
              />
            ))}
          </ol>
        </>
      )}

      {closed.length > 0 ? <ClosedGaps base={base} gaps={closed} /> : null}
      {dismissed.length > 0 ? <DismissedGaps gaps={dismissed} busy={busy} onDismiss={onDismiss} /> : null}

      <h3 className="gap-section-title">{t('insights.figures')}</h3>
      <div className="insights-figures">
        <ReadFigures data={data} />
        <UnreadFigures data={data} />
        <ProposalFigures data={data} />
      </div>
    </>
  )
}

type Dismiss = (id: string, dismissed: boolean) => Promise<void>

/** An open gap: its counts and signals, the queries as plain text, what was shown, Write it / Not for this base. */
function OpenGap({
  gap: g,
  busy,
  onWrite,
  onDismiss
}: {
  gap: GapTopic
  busy: boolean
  onWrite(): void
  onDismiss: Dismiss
}): React.JSX.Element {
  const { t } = useTranslation()
  const f = useFormat()
  return (
    <li className="gap card" data-testid="gap" data-gap-id={g.id}>
      <p className="gap-counts">
        <strong>{t('insights.sessions', { count: g.sessions })}</strong>
        {' · '}
        {t('insights.searches', { count: g.count })}
        {' · '}
        {t('insights.lastSeen', { date: f.date(g.lastSeen) })}
        {' · '}
        <span className="muted">{signalWords(g, t)}</span>
      </p>
      <h4 className="gap-subtitle">{t('insights.queries')}</h4>
      <ul className="gap-queries">
        {g.queries.map((query) => (
          <li
            key={query}
            data-testid="gap-query"
            title={shownQuery(query) === query ? undefined : query.slice(0, 2000)}
          >
            {shownQuery(query)}
          </li>
        ))}
      </ul>
      {g.documents.length > 0 ? (
        <>
          <h4 className="gap-subtitle">{t('insights.shown')}</h4>
          <ul className="gap-documents">
            {g.documents.map((d) => (
              <li key={d}>
                <code>{d}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="gap-actions">
        <Button
          look="primary small"
          icon={PenLine}
          iconSize={14}
          title={t('insights.writeItHint')}
          onClick={onWrite}
          testId="gap-write"
        >
          {t('insights.writeIt')}
        </Button>{' '}
        <Button
          look="small ghost"
          icon={X}
          iconSize={14}
          disabled={busy}
          onClick={() => void onDismiss(g.id, true)}
          testId="gap-dismiss"
        >
          {t('insights.dismiss')}
        </Button>
      </p>
    </li>
  )
}

/** The gaps a commit closed, each with the commit that did. */
function ClosedGaps({ base, gaps: closed }: { base: string; gaps: GapTopic[] }): React.JSX.Element {
  const { t } = useTranslation()
  const f = useFormat()
  return (
    <>
      <h3 className="gap-section-title">{t('insights.closedTitle')}</h3>
      <ul className="gap-list gap-list-compact" data-testid="gap-closed-list">
        {closed.map((g) => (
          <li key={g.id} className="gap" data-testid="gap-closed" data-gap-id={g.id}>
            <span className="gap-inline-queries">{g.queries.slice(0, 3).map(shownQuery).join(' · ')}</span>{' '}
            <span className="muted">
              {g.closedBy?.commit ? (
                <>
                  {t('insights.closedBy', { date: f.date(g.closedBy.at) })}{' '}
                  <Link to={commitPath(base, g.closedBy.commit)} data-testid="gap-closed-by">
                    <code>{g.closedBy.commit.slice(0, 10)}</code>
                  </Link>
                </>
              ) : (
                t('insights.closedByNone', { date: f.date(g.closedBy?.at ?? g.lastSeen) })
              )}
            </span>
          </li>
        ))}
      </ul>
    </>
  )
}

/** The gaps set aside, each with its way back. */
function DismissedGaps({
  gaps: dismissed,
  busy,
  onDismiss
}: {
  gaps: GapTopic[]
  busy: string | null
  onDismiss: Dismiss
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <>
      <h3 className="gap-section-title">{t('insights.dismissedTitle')}</h3>
      <ul className="gap-list gap-list-compact" data-testid="gap-dismissed-list">
        {dismissed.map((g) => (
          <li key={g.id} className="gap" data-testid="gap-dismissed" data-gap-id={g.id}>
            <span className="gap-inline-queries">{g.queries.slice(0, 3).map(shownQuery).join(' · ')}</span>{' '}
            <Button
              look="small ghost"
              icon={Undo2}
              iconSize={14}
              disabled={busy === g.id}
              onClick={() => void onDismiss(g.id, false)}
              testId="gap-restore"
            >
              {t('insights.restore')}
            </Button>
          </li>
        ))}
      </ul>
    </>
  )
}

/** The documents and sections agents read most. */
function ReadFigures({ data }: { data: Insights }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <div>
      <h4 className="gap-subtitle">{t('insights.mostRead')}</h4>
      {data.mostRead.length === 0 ? (
        <p className="hint">{t('insights.nothingRead')}</p>
      ) : (
        <ol className="figure-list" data-testid="most-read">
          {data.mostRead.map((r) => (
            <li key={r.path}>
              <code>{r.path}</code> <span className="muted">{t('insights.reads', { count: r.reads })}</span>
            </li>
          ))}
        </ol>
      )}
      {data.mostReadSections.length > 0 ? (
        <>
          <h4 className="gap-subtitle">{t('insights.mostReadSections')}</h4>
          <ol className="figure-list">
            {data.mostReadSections.map((r) => (
              <li key={`${r.path}\u0000${r.section}`}>
                <code>{r.path}</code> § {r.section}{' '}
                <span className="muted">{t('insights.reads', { count: r.reads })}</span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  )
}

/** The documents no agent read lately. */
function UnreadFigures({ data }: { data: Insights }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <div>
      <h4 className="gap-subtitle">
        {t('insights.unread', { count: data.unread.total, days: data.unread.days })}
      </h4>
      <ul className="figure-list" data-testid="unread">
        {data.unread.paths.slice(0, 10).map((p) => (
          <li key={p}>
            <code>{p}</code>
          </li>
        ))}
      </ul>
      {data.unread.total > 10 ? (
        <p className="hint">{t('insights.more', { count: data.unread.total - 10 })}</p>
      ) : null}
    </div>
  )
}

/** The proposals by submitter and how long decisions take. */
function ProposalFigures({ data }: { data: Insights }): React.JSX.Element {
  const { t } = useTranslation()
  const f = useFormat()
  return (
    <div>
      <h4 className="gap-subtitle">{t('insights.proposals')}</h4>
      {data.proposalsBySubmitter.length === 0 ? (
        <p className="hint">{t('insights.noProposals')}</p>
      ) : (
        <table className="figure-table" data-testid="submitters">
          <caption className="visually-hidden">{t('insights.submitters')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('insights.submitter')}</th>
              <th scope="col">{t('insights.pending')}</th>
              <th scope="col">{t('insights.accepted')}</th>
              <th scope="col">{t('insights.rejected')}</th>
            </tr>
          </thead>
          <tbody>
            {data.proposalsBySubmitter.map((s) => (
              <tr key={s.submitter}>
                <td>
                  <code>{s.submitter}</code>
                </td>
                <td>{f.number(s.pending)}</td>
                <td>{f.number(s.accepted)}</td>
                <td>{f.number(s.rejected)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="hint" data-testid="decision-time">
        {data.decisionTime.decided === 0
          ? t('insights.noDecision')
          : t('insights.decision', {
              median: f.duration(data.decisionTime.medianHours ?? 0),
              mean: f.duration(data.decisionTime.meanHours ?? 0),
              count: data.decisionTime.decided
            })}
      </p>
    </div>
  )
}

function signalWords(g: GapTopic, t: TFunction): string {
  return (Object.keys(g.signals) as (keyof GapTopic['signals'])[])
    .filter((k) => g.signals[k] > 0)
    .map((k) => t(`insights.signals.${k}`))
    .join(', ')
}
