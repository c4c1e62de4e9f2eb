import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ImportFailureKind } from './import-errors'
import type { ImportStep } from './import-store'

export const WIZARD_STEPS: readonly ImportStep[] = ['source', 'progress', 'report', 'review', 'done']

/**
 * The step a refusal happened at: the source's own checks (before anything is copied), the copy
 * (clone or folder copy), or the check of what was copied. A failed copy is not ticked as done.
 */
export function failedStep(kind: ImportFailureKind): ImportStep {
  switch (kind) {
    case 'source':
    case 'exists':
      return 'source'
    case 'not-bundle':
    case 'invalid-bundle':
    case 'collision':
      return 'report'
    default:
      return 'progress'
  }
}

/**
 * Where the manager is in the import: five steps, the current one named for screen readers. After
 * a refusal, `failedAt` is the step that failed: the ones before are done, the ones after not run.
 */
export function WizardSteps({
  step,
  failedAt
}: {
  step: ImportStep
  failedAt: ImportStep | null
}): React.JSX.Element {
  const { t } = useTranslation()
  const at = WIZARD_STEPS.indexOf(failedAt ?? step)
  const failed = failedAt !== null
  return (
    <ol className="wizard-steps" aria-label={t('import.stepsLabel')} data-testid="wizard-steps">
      {WIZARD_STEPS.map((s, i) => {
        const state = i < at ? 'done' : i === at ? (failed ? 'failed' : 'current') : 'todo'
        return (
          <li
            key={s}
            className={`wizard-step wizard-step-${state}`}
            data-state={state}
            aria-current={i === at ? 'step' : undefined}
          >
            <span className="wizard-step-mark" aria-hidden="true">
              {state === 'done' ? <Check size={12} /> : i + 1}
            </span>
            <span className="wizard-step-label">{t(`import.steps.${s}`)}</span>
            {state === 'done' ? <span className="visually-hidden"> {t('import.stepDone')}</span> : null}
            {state === 'failed' ? <span className="visually-hidden"> {t('import.stepFailed')}</span> : null}
          </li>
        )
      })}
    </ol>
  )
}
