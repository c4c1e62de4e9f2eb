import { useTranslation } from 'react-i18next'
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
      {report.recovered.length > 0 ? (
        <div>
          <p>
            {t(done ? 'reconcile.recoveredDone' : 'reconcile.recoveredTodo', {
              count: report.recovered.length
            })}
          </p>
          <ul className="plain-list">
            {report.recovered.map((r) => (
              <li key={r.id}>
                <code>{r.id}</code>
                {r.commit ? (
                  <>
                    {' '}
                    — {t('reconcile.commit')} <code>{r.commit.slice(0, 10)}</code>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.duplicates.length > 0 ? (
        <div>
          <p>{t('reconcile.duplicates', { count: report.duplicates.length })}</p>
          <ul className="plain-list">
            {report.duplicates.map((d) => (
              <li key={d.id}>
                <code>{d.id}</code> ({d.folders.join(', ')}){' '}
                {d.winner === null
                  ? `— ${d.detail ? problemWords(t, d.detail) : ''}`
                  : t(d.applied ? 'reconcile.duplicateDone' : 'reconcile.duplicateTodo', {
                      winner: d.winner,
                      paths: d.remove.join(', ')
                    })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.statusMismatches.length > 0 ? (
        <div>
          <p>{t('reconcile.statuses', { count: report.statusMismatches.length })}</p>
          <ul className="plain-list">
            {report.statusMismatches.map((m) => (
              <li key={m.path}>
                <code>{m.path}</code> : <code>{m.declared}</code> → <code>{m.folder}</code>
                {m.detail
                  ? ` — ${t('reconcile.notFixed')} ${problemWords(t, m.detail)}`
                  : m.applied
                    ? ` — ${t('reconcile.fixed')}`
                    : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.tempFiles.length > 0 ? (
        <div>
          <p>{t(done ? 'reconcile.tempDone' : 'reconcile.tempTodo', { count: report.tempFiles.length })}</p>
          <ul className="plain-list">
            {report.tempFiles.map((f) => (
              <li key={f.path}>
                <code>{f.path}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.malformed.length > 0 ? (
        <div>
          <p>{t('reconcile.malformed', { count: report.malformed.length })}</p>
          <ul className="plain-list">
            {report.malformed.map((m) => (
              <li key={m.path}>
                <code>{m.path}</code> — {problemWords(t, m.detail)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {done && report.repairCommit ? (
        <p>
          {t('reconcile.repairCommit', { count: report.repairs })}{' '}
          <code>{report.repairCommit.slice(0, 10)}</code>
        </p>
      ) : null}
    </div>
  )
}
