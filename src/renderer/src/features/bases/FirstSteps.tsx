import { CheckCircle2, Circle, X } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { BasesOverview, FirstSteps as FirstStepsState, HubApiError } from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { toHubApiError } from '../../api/errors'
import { useHubQuery } from '../../hooks/useHubQuery'
import { hostsPath, importPath, inventoryPath, newBasePath } from '../../app/routes'
import { useSettings } from '../../stores/settings'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Button } from '../../ui/Button'

/**
 * A fresh installation's three first steps, each a link to its screen, shown on the overview
 * until all are done or the manager puts the list away. Every step is read from what is there
 * (the engine's `firstSteps`), so one done from the CLI counts too.
 */
export function FirstSteps({ overview }: { overview: BasesOverview }): React.JSX.Element | null {
  const { t } = useTranslation()
  // Asked again whenever the overview is (a base imported, a proposal decided…).
  const q = useHubQuery(() => hub().firstSteps(), [overview], 'first-steps')
  const [hideError, setHideError] = useState<HubApiError | null>(null)
  const steps = q.data
  if (!steps || steps.hidden || (steps.aiApp && steps.base && steps.review)) return null
  const items = stepItems(steps, overview, t)
  const done = items.filter((i) => i.done).length
  const hide = async (): Promise<void> => {
    setHideError(null)
    try {
      await useSettings.getState().update({ firstStepsHidden: true })
      q.reload()
    } catch (e) {
      setHideError(toHubApiError(e))
    }
  }
  return (
    <section className="first-steps" aria-labelledby="first-steps-heading" data-testid="first-steps">
      <header className="first-steps-header">
        <h2 id="first-steps-heading" className="section-title">
          {t('firstSteps.title')}{' '}
          <span className="muted first-steps-count">
            {t('firstSteps.progress', { done, total: items.length })}
          </span>
        </h2>
        <Button look="ghost" icon={X} iconSize={14} onClick={() => void hide()} testId="first-steps-hide">
          {t('firstSteps.hide')}
        </Button>
      </header>
      {hideError ? <ErrorNotice error={hideError} context={t('firstSteps.hide')} compact /> : null}
      <ol className="first-steps-list">
        {items.map((i) => (
          <FirstStep key={i.id} step={i} />
        ))}
      </ol>
    </section>
  )
}

type StepItem = ReturnType<typeof stepItems>[number]

/** The three steps, each done or with the screen that does it (and a hint). */
function stepItems(steps: FirstStepsState, overview: BasesOverview, t: TFunction) {
  const firstBase = overview.bases[0]?.name ?? null
  const reviewTo = steps.reviewBase ?? firstBase
  return [
    {
      id: 'ai-app',
      done: steps.aiApp,
      to: hostsPath(),
      label: t('firstSteps.aiApp'),
      hint: t('firstSteps.aiAppHint')
    },
    {
      id: 'base',
      done: steps.base,
      to: importPath(),
      label: t('firstSteps.base'),
      hint: t('firstSteps.baseHint'),
      also: { to: newBasePath(), label: t('firstSteps.newBase') }
    },
    {
      id: 'review',
      done: steps.review,
      to: reviewTo ? inventoryPath(reviewTo) : null,
      label: t('firstSteps.review'),
      hint: steps.reviewBase
        ? t('firstSteps.reviewHint', { base: steps.reviewBase })
        : t('firstSteps.reviewNone')
    }
  ]
}

function FirstStep({ step: i }: { step: StepItem }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <li
      className={`first-step${i.done ? ' is-done' : ''}`}
      data-testid={`first-step-${i.id}`}
      data-done={i.done}
    >
      {i.done ? (
        <CheckCircle2 aria-hidden="true" size={18} className="first-step-icon" />
      ) : (
        <Circle aria-hidden="true" size={18} className="first-step-icon" />
      )}
      <div>
        <p className="first-step-label">
          {i.to && !i.done ? <Link to={i.to}>{i.label}</Link> : i.label}
          <span className="visually-hidden">
            {' '}
            — {i.done ? t('firstSteps.doneLabel') : t('firstSteps.todoLabel')}
          </span>
          {i.also && !i.done ? (
            <>
              {' · '}
              <Link to={i.also.to}>{i.also.label}</Link>
            </>
          ) : null}
        </p>
        {!i.done ? <p className="hint">{i.hint}</p> : null}
      </div>
    </li>
  )
}
