import { Check, CloudOff, Loader2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { HubApiError } from '../../../../shared/hub-api'
import type { SaveState as State } from './plan-store'
import { errorWords } from '../../lib/error-words'

/** Whether the draft is safely kept (it survives a reload or a crash once "saved"). */
export function SaveState({
  state,
  error
}: {
  state: State
  error: HubApiError | null
}): React.JSX.Element | null {
  const { t } = useTranslation()
  if (state === 'idle') return null
  // Why the draft is not kept, in the manager's words (the engine's sentence is French).
  const why = error ? errorWords(error, t) : null
  return (
    <span
      className={`save-state save-${state}`}
      role="status"
      data-testid="draft-state"
      title={why ? `${why.title} ${why.action}` : undefined}
    >
      {state === 'saved' ? <Check aria-hidden="true" size={14} /> : null}
      {state === 'pending' || state === 'saving' ? (
        <Loader2 aria-hidden="true" size={14} className="spin" />
      ) : null}
      {state === 'error' ? <CloudOff aria-hidden="true" size={14} /> : null}
      {t(`plan.save.${state}`)}
    </span>
  )
}
