import { useTranslation } from 'react-i18next'
import { RelativeTime } from '../../ui/RelativeTime'
import type { TFunction } from 'i18next'
import type {
  DuplicateProposal,
  ReconcileReport,
  StatusMismatch,
  SubmissionProblem
} from '../../../../shared/review'

type Problem =
  SubmissionProblem | NonNullable<DuplicateProposal['detail']> | NonNullable<StatusMismatch['detail']>

/** A reconcile finding's reason in the UI's language, from its data (the engine's sentence is French). */
function problemWords(t: TFunction, p: Problem): string {
  const kind = typeof p === 'string' ? p : p.kind
  const values = typeof p === 'string' ? {} : { ...p }
  return t(`reconcile.problems.${kind}`, { ...values, interpolation: { escapeValue: false } })
}

/** What step 0 found (or did): recovered submissions, repairs, files to look at by hand. */
export function ReconcileReportView({ report }: { report: ReconcileReport }): React.JSX.Element {
  const { t } = useTranslation()
  const done = report.apply
  return (
    <div className="reconcile-report">
      <ReportPart
        title={t(done ? 'reconcile.recoveredDone' : 'reconcile.recoveredTodo', {
          count: report.recovered.length
        })}
        items={report.recovered}
        keyOf={(r) => r.id}
        render={(r) => (
          <>
            <code>{r.id}</code>
            {r.commit ? (
              <>
                {' '}
                — {t('reconcile.commit')} <code>{r.commit.slice(0, 10)}</code>
              </>
            ) : null}
          </>
        )}
      />
      <ReportPart
        title={t('reconcile.duplicates', { count: report.duplicates.length })}
        items={report.duplicates}
        keyOf={(d) => d.id}
        render={(d) => (
          <>
            <code>{d.id}</code> ({d.folders.join(', ')}){' '}
            {d.winner === null
              ? `— ${d.detail ? problemWords(t, d.detail) : ''}`
              : t(d.applied ? 'reconcile.duplicateDone' : 'reconcile.duplicateTodo', {
                  winner: d.winner,
                  paths: d.remove.join(', ')
                })}
          </>
        )}
      />
      <ReportPart
        title={t('reconcile.statuses', { count: report.statusMismatches.length })}
        items={report.statusMismatches}
        keyOf={(m) => m.path}
        render={(m) => (
          <>
            <code>{m.path}</code> : <code>{m.declared}</code> → <code>{m.folder}</code>
            {m.detail
              ? ` — ${t('reconcile.notFixed')} ${problemWords(t, m.detail)}`
              : m.applied
                ? ` — ${t('reconcile.fixed')}`
                : ''}
          </>
        )}
      />
      <ReportPart
        title={t(done ? 'reconcile.tempDone' : 'reconcile.tempTodo', { count: report.tempFiles.length })}
        items={report.tempFiles}
        keyOf={(f) => f.path}
        render={(f) => <code>{f.path}</code>}
      />
      <StaleLocksPart report={report} />
      <ReportPart
        title={t('reconcile.malformed', { count: report.malformed.length })}
        items={report.malformed}
        keyOf={(m) => m.path}
        render={(m) => (
          <>
            <code>{m.path}</code> — {problemWords(t, m.detail)}
          </>
        )}
      />
      {done && report.repairCommit ? (
        <p>
          {t('reconcile.repairCommit', { count: report.repairs })}{' '}
          <code>{report.repairCommit.slice(0, 10)}</code>
        </p>
      ) : null}
    </div>
  )
}

/**
 * Git's locks left by interrupted commands: to remove (with the warning to check first that no git
 * runs), or removed.
 */
function StaleLocksPart({ report }: { report: ReconcileReport }): React.JSX.Element | null {
  const { t } = useTranslation()
  const locks = report.staleLocks.filter((l) => l.applied === report.apply)
  return (
    <ReportPart
      title={t(report.apply ? 'reconcile.locksDone' : 'reconcile.locksTodo', { count: locks.length })}
      items={locks}
      keyOf={(l) => l.file}
      render={(l) => (
        <>
          <code>{l.path}</code> — {t('reconcile.lockTaken')} <RelativeTime iso={l.since} />
        </>
      )}
    />
  )
}

/** One kind of finding: said with its count, then listed; nothing when there is none. */
function ReportPart<T>({
  title,
  items,
  keyOf,
  render
}: {
  title: string
  items: T[]
  keyOf(item: T): string
  render(item: T): React.ReactNode
}): React.JSX.Element | null {
  if (items.length === 0) return null
  return (
    <div>
      <p>{title}</p>
      <ul className="plain-list">
        {items.map((item) => (
          <li key={keyOf(item)}>{render(item)}</li>
        ))}
      </ul>
    </div>
  )
}
