import { Wrench, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { HubApiError } from '../../../../shared/hub-api'
import type { ReconcileReport } from '../../../../shared/review'
import { hub } from '../../api/hub'
import { toHubApiError } from '../../api/errors'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { ReconcileReportView } from './ReconcileReportView'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

/** Step 0 has work: unrecorded submissions or leftovers of an interrupted write. */
export function hasReconcileWork(r: ReconcileReport): boolean {
  return (
    r.recovered.length > 0 ||
    r.repairs > 0 ||
    r.malformed.length > 0 ||
    r.duplicates.some((d) => d.winner === null) ||
    r.statusMismatches.some((m) => m.problem !== null)
  )
}

/** Shows what reconcile would do, applies it in one click, then shows what it did. */
export function ReconcileBanner({
  base,
  report,
  onApplied
}: {
  base: string
  report: ReconcileReport | null
  onApplied: () => void
}): React.JSX.Element | null {
  const { t } = useTranslation()
  const [applying, setApplying] = useState(false)
  const [done, setDone] = useState<ReconcileReport | null>(null)
  const [error, setError] = useState<HubApiError | null>(null)

  if (done) {
    return (
      <Notice
        tone="success"
        heading={{ level: 'h2', id: 'reconcile-done-title' }}
        testId="reconcile-result"
        aside={
          <Button look="ghost icon" icon={X} aria-label={t('common.dismiss')} onClick={() => setDone(null)} />
        }
        title={t('reconcile.doneTitle')}
      >
        <ReconcileReportView report={done} />
      </Notice>
    )
  }
  if (!report || !hasReconcileWork(report)) return null
  const fixable = report.recovered.length + report.repairs
  const apply = async (): Promise<void> => {
    setApplying(true)
    setError(null)
    try {
      setDone(await hub().reconcile(base, true))
      onApplied()
    } catch (e) {
      setError(toHubApiError(e))
    } finally {
      setApplying(false)
    }
  }
  return (
    <Notice
      tone="warning"
      icon={Wrench}
      heading={{ level: 'h2', id: 'reconcile-title' }}
      testId="reconcile-banner"
      title={t('reconcile.title')}
    >
      <p>{t('reconcile.explain')}</p>
      <ReconcileReportView report={report} />
      {error ? <ErrorNotice error={error} context={t('reconcile.apply')} compact /> : null}
      {fixable > 0 ? (
        <p>
          <Button look="primary" onClick={() => void apply()} disabled={applying} testId="reconcile-apply">
            {applying ? t('reconcile.applying') : t('reconcile.applyCount', { count: fixable })}
          </Button>{' '}
          <span className="muted">{t('reconcile.applyHint')}</span>
        </p>
      ) : (
        <p className="muted">{t('reconcile.manualOnly')}</p>
      )}
    </Notice>
  )
}
