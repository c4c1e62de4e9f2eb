import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ImportStep } from '../../stores/import'

export const WIZARD_STEPS: readonly ImportStep[] = ['source', 'progress', 'report', 'review', 'done']

/** Where the manager is in the import: five steps, the current one named for screen readers. */
export function WizardSteps({ step, failed }: { step: ImportStep; failed: boolean }): React.JSX.Element {
  const { t } = useTranslation()
  const at = WIZARD_STEPS.indexOf(step)
  return (
    <ol className="wizard-steps" aria-label={t('import.stepsLabel')} data-testid="wizard-steps">
      {WIZARD_STEPS.map((s, i) => {
        const state = i < at ? 'done' : i === at ? (failed ? 'failed' : 'current') : 'todo'
        return (
          <li
            key={s}
            className={`wizard-step wizard-step-${state}`}
            aria-current={i === at ? 'step' : undefined}
          >
            <span className="wizard-step-mark" aria-hidden="true">
              {state === 'done' ? <Check size={12} /> : i + 1}
            </span>
            <span className="wizard-step-label">{t(`import.steps.${s}`)}</span>
            {state === 'done' ? <span className="visually-hidden"> {t('import.stepDone')}</span> : null}
          </li>
        )
      })}
    </ol>
  )
}
