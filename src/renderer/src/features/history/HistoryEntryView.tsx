import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { HistoryEntry } from '../../../../shared/hub-api'
import { useFormat } from '../../i18n/format'
import { authorName, historyHeadline, trailerLabel } from './history-words'
import { reviewerShown } from '../../lib/reviewer'
import { auditPath, commitPath } from '../../app/routes'
import { CommitKindIcon } from './CommitKindIcon'
import { RelativeTime } from '../../ui/RelativeTime'

/**
 * One commit as the manager reads it: a sentence saying what happened and who did it, when, the
 * recorded details labelled in the UI's language, the proposals it names as links, and the way to
 * what it changed.
 */
export function HistoryEntryView({
  base,
  entry,
  as = 'li',
  trailLinks = true,
  openLink = true
}: {
  base: string
  entry: HistoryEntry
  as?: 'li' | 'div'
  /** Off inside an audit trail (it would link to itself). */
  trailLinks?: boolean
  /** Off on the commit's own screen. */
  openLink?: boolean
}): React.JSX.Element {
  const { t } = useTranslation()
  const f = useFormat()
  const Tag = as
  const headline = historyHeadline(t, entry)
  const body = entry.message.split('\n').slice(1).join('\n').trim()
  // Who acted: the reviewer of a decision, the submitter of a filing (the commit's git author is
  // the hub itself for both); git's author otherwise.
  const who = entry.decision?.reviewer ?? entry.filing?.submittedBy ?? authorName(entry.author)
  const trailers = shownTrailers(entry, trailLinks)
  return (
    <Tag className={`history-entry history-${entry.kind}`} data-testid={`history-entry-${entry.commit}`}>
      <CommitKindIcon kind={entry.kind} />
      <div className="history-main">
        <p className="history-subject" data-testid="history-headline">
          {openLink ? (
            <Link to={commitPath(base, entry.commit)} title={t('history.open')}>
              {headline}
            </Link>
          ) : (
            headline
          )}
        </p>
        {entry.decision?.summary ? (
          <p className="history-summary">{t('history.words.summary', { summary: entry.decision.summary })}</p>
        ) : null}
        <p className="history-meta">
          <span className={`history-kind history-kind-${entry.kind}`}>
            {/* The hub's own first commit is the base's beginning, not an unexplained "other change". */}
            {t(entry.start ? 'history.kinds.start' : `history.kinds.${entry.kind}`)}
          </span>{' '}
          · <span title={entry.author}>{who}</span> · <RelativeTime iso={entry.date} />{' '}
          <span className="muted">({f.dateTime(entry.date)})</span> ·{' '}
          <code title={entry.commit}>{entry.commit.slice(0, 10)}</code>
        </p>
        {trailLinks && entry.proposals.length > 0 ? <ProposalLinks base={base} entry={entry} /> : null}
        {trailers.length > 0 ? (
          <dl className="trailers" aria-label={t('history.trailers')}>
            {trailers.map((tr, i) => (
              <div key={i} className="trailer">
                <dt>{trailerLabel(t, tr.key)}</dt>
                <dd>{tr.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {body && entry.trailers.length === 0 && openLink ? (
          <details className="history-body">
            <summary>{t('history.fullMessage')}</summary>
            <pre className="code-block code-small">{entry.message}</pre>
          </details>
        ) : null}
      </div>
    </Tag>
  )
}

/**
 * The commit's trailers as shown: the proposals are links above (unless there are no links); a
 * contributor named once however many proposals they filed; the reviewer as a name, as the field
 * asked for it.
 */
function shownTrailers(entry: HistoryEntry, trailLinks: boolean): HistoryEntry['trailers'] {
  const seen = new Set<string>()
  return entry.trailers
    .filter((tr) => tr.key !== 'Proposal' || !trailLinks)
    .map((tr) => (tr.key === 'Reviewed-By' ? { ...tr, value: reviewerShown(tr.value) } : tr))
    .filter((tr) => {
      const k = `${tr.key}\n${tr.value}`
      return seen.has(k) ? false : (seen.add(k), true)
    })
}

/** The proposals a commit names, each a link to its audit trail, said with what the commit did to it. */
function ProposalLinks({ base, entry }: { base: string; entry: HistoryEntry }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <p className="history-links">
      {entry.proposals.map((id) => (
        <Link key={id} to={auditPath(base, id)} title={t('history.trailOf', { id })}>
          {entry.decision?.integrated.includes(id)
            ? t('history.words.wasIntegrated', { id })
            : entry.decision?.rejected.includes(id)
              ? t('history.words.wasRejected', { id })
              : id}
        </Link>
      ))}
    </p>
  )
}
