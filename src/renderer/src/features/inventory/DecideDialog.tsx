import { Check, Trash2, X } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { ResolutionKind } from '../../../../shared/review'
import { Dialog } from '../../ui/Dialog'

/**
 * The inventory's `x`: accept or reject the proposal into the plan (it used to add every one as
 * accepted). Keyboard first: `a` accepts, `r` rejects, Escape cancels; Tab and Enter work too.
 */
export function DecideDialog({
  id,
  current,
  onDecide,
  onRemove,
  onClose
}: {
  /** The proposal asked about; null: closed. */
  id: string | null
  /** Its decision in the plan already, if any. */
  current: ResolutionKind | null
  onDecide(resolution: ResolutionKind): void
  onRemove(): void
  onClose(): void
}): React.JSX.Element {
  const { t } = useTranslation()
  useEffect(() => {
    if (!id) return
    const onKey = (e: KeyboardEvent): void => {
      if (e.ctrlKey || e.metaKey || e.altKey) return
      if (e.key === 'a' || e.key === 'r') {
        e.preventDefault()
        onDecide(e.key === 'a' ? 'accepted' : 'rejected')
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [id, onDecide])
  return (
    <Dialog
      open={id !== null}
      title={t('planGuide.decide.title', { id: id ?? '' })}
      onClose={onClose}
      testId="decide-dialog"
      actions={
        <>
          <button
            type="button"
            className="button button-success"
            onClick={() => onDecide('accepted')}
            autoFocus
            aria-keyshortcuts="a"
            data-testid="decide-accept"
          >
            <Check aria-hidden="true" size={16} /> {t('planGuide.decide.accept')} <kbd>a</kbd>
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={() => onDecide('rejected')}
            aria-keyshortcuts="r"
            data-testid="decide-reject"
          >
            <X aria-hidden="true" size={16} /> {t('planGuide.decide.reject')} <kbd>r</kbd>
          </button>
          {current ? (
            <button type="button" className="button" onClick={onRemove} data-testid="decide-remove">
              <Trash2 aria-hidden="true" size={16} /> {t('planGuide.decide.remove')}
            </button>
          ) : null}
          <button type="button" className="button button-ghost" onClick={onClose}>
            {t('planGuide.decide.cancel')}
          </button>
        </>
      }
    >
      <p>{t('planGuide.decide.body')}</p>
      {current ? (
        <p className="muted">
          {t('planGuide.decide.inPlan', {
            decision: t(current === 'accepted' ? 'planGuide.decide.accept' : 'planGuide.decide.reject')
          })}
        </p>
      ) : null}
      <p className="hint">{t('planGuide.decide.keys')}</p>
    </Dialog>
  )
}
