import { useEffect, useRef } from 'react'
import { useBlocker, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { FirstUseStep } from './FirstUseStep'
import { ImportDoneStep } from './ImportDoneStep'
import { ImportProgressStep } from './ImportProgressStep'
import { ImportReportStep } from './ImportReportStep'
import { ImportSourceStep } from './ImportSourceStep'
import { failedStep, WizardSteps } from './WizardSteps'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { importInFlight, useImport } from './import-store'

/**
 * The import wizard: source → progress → validation report → "before first use" → done. Leaving
 * it midway asks, then cancels a running clone or discards a staged one: nothing is served, and
 * nothing stays behind, without the manager's explicit "Serve this base".
 */
export function ImportScreen(): React.JSX.Element {
  const { t } = useTranslation()
  useDocumentTitle(t('import.title'))
  const step = useImport((s) => s.step)
  const failure = useImport((s) => (s.step === 'report' ? s.failure : null))
  const inFlight = useImport(importInFlight)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => inFlight && currentLocation.pathname !== nextLocation.pathname
  )

  // Left by any way (a link, the back button after confirming): nothing stays running or staged.
  useEffect(() => () => useImport.getState().abandon(), [])
  // « Import a base » pressed again while on the wizard (the sidebar): a failed or finished import
  // gives way to a new one — the failure's inputs kept to correct — instead of nothing happening
  // (found by exploratory QA). A running or staged import is left as it is.
  const { key } = useLocation()
  const firstKey = useRef(key)
  useEffect(() => {
    if (key === firstKey.current) return
    firstKey.current = key
    const s = useImport.getState()
    if (s.step === 'report' && s.failure) s.back()
    else if (s.step === 'done') s.reset()
  }, [key])
  useEffect(() => {
    if (!inFlight) return
    const onBeforeUnload = (e: BeforeUnloadEvent): void => e.preventDefault()
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [inFlight])

  return (
    <div className="screen import-screen">
      <header className="screen-header">
        <div>
          <h1>{t('import.title')}</h1>
          <p className="muted">{t('import.subtitle')}</p>
        </div>
      </header>
      <WizardSteps step={step} failedAt={failure ? failedStep(failure.kind) : null} />
      {step === 'source' ? <ImportSourceStep /> : null}
      {step === 'progress' ? <ImportProgressStep /> : null}
      {step === 'report' ? <ImportReportStep /> : null}
      {step === 'review' ? <FirstUseStep /> : null}
      {step === 'done' ? <ImportDoneStep /> : null}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('import.leave.title')}
        confirmLabel={step === 'progress' ? t('import.leave.cancel') : t('import.leave.discard')}
        danger
        onConfirm={() => {
          useImport.getState().abandon()
          blocker.proceed?.()
        }}
        onCancel={() => blocker.reset?.()}
        testId="import-leave"
      >
        <p>{step === 'progress' ? t('import.leave.bodyRunning') : t('import.leave.bodyStaged')}</p>
      </ConfirmDialog>
    </div>
  )
}
