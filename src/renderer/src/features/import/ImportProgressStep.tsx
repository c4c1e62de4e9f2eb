import { X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import { requestOf, useImport } from './import-store'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { StepHeading } from './StepHeading'
import { Button } from '../../ui/Button'

/** Step 2: the clone running — the phase in words, a bar, the objects so far, and Cancel. */
export function ImportProgressStep(): React.JSX.Element {
  const { t } = useTranslation()
  const f = useFormat()
  const { progress, form, cancel, busy, actionError } = useImport()
  const phase = progress?.phase ?? 'preparing'
  const percent = progress?.percent ?? null
  const source = requestOf(form, '').source
  const objects =
    progress && progress.loaded > 0
      ? progress.total !== null
        ? t('import.progress.objectsOf', {
            loaded: f.number(progress.loaded),
            total: f.number(progress.total)
          })
        : t('import.progress.objects', { loaded: f.number(progress.loaded) })
      : null

  return (
    <section className="wizard-panel" aria-labelledby="import-progress-heading" aria-busy="true">
      <StepHeading id="import-progress-heading" testId="import-step-progress">
        {t('import.progress.title')}
      </StepHeading>
      <p className="muted">
        {t('import.progress.from')} <code className="break-anywhere">{source}</code>
      </p>
      <div className="import-progress" data-testid="import-progress" data-phase={phase}>
        <p className="import-phase" aria-live="polite" data-testid="import-phase">
          {t(`import.phases.${phase}`)}
        </p>
        <div
          className={`progress-bar${percent === null ? ' progress-indeterminate' : ''}`}
          role="progressbar"
          aria-label={t(`import.phases.${phase}`)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent ?? undefined}
          aria-valuetext={
            percent === null
              ? t('import.progress.unknown')
              : t('import.progress.percent', { percent: Math.round(percent) })
          }
          data-testid="import-progress-bar"
        >
          <div
            className="progress-fill"
            style={percent === null ? undefined : { width: `${Math.max(0, Math.min(100, percent))}%` }}
          />
        </div>
        <p className="import-counts muted">
          <span data-testid="import-objects">{objects ?? t('import.progress.waiting')}</span>
          {percent !== null ? (
            <span> · {t('import.progress.percent', { percent: Math.round(percent) })}</span>
          ) : null}
        </p>
      </div>
      {actionError ? <ErrorNotice error={actionError} context={t('import.progress.cancel')} compact /> : null}
      <div className="wizard-actions">
        <Button icon={X} onClick={() => void cancel()} disabled={busy} testId="import-cancel">
          {busy ? t('import.progress.cancelling') : t('import.progress.cancel')}
        </Button>
        <p className="hint">{t('import.progress.cancelHint')}</p>
      </div>
    </section>
  )
}
