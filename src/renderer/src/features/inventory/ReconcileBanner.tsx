import { Wrench, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ReconcileReport } from '../../../../shared/review'
import { hub } from '../../api/hub'
import { useAction } from '../../hooks/useAction'
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
  const [done, setDone] = useState<ReconcileReport | null>(null)
  const applying = useAction(async () => {
    setDone(await hub().reconcile(base, true))
    onApplied()
  })

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
      {applying.error ? <ErrorNotice error={applying.error} context={t('reconcile.apply')} compact /> : null}
      {fixable > 0 ? (
        <p>
          <Button
            look="primary"
            onClick={() => void applying.run()}
            disabled={applying.busy}
            testId="reconcile-apply"
          >
            {applying.busy ? t('reconcile.applying') : t('reconcile.applyCount', { count: fixable })}
          </Button>{' '}
          <span className="muted">{t('reconcile.applyHint')}</span>
        </p>
      ) : (
        <p className="muted">{t('reconcile.manualOnly')}</p>
      )}
    </Notice>
  )
}
