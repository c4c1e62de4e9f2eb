import { Check, Trash2, X } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { ResolutionKind } from '../../../../shared/review'
import { Dialog } from '../../ui/Dialog'
import { Button } from '../../ui/Button'

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
          <Button
            look="success"
            icon={Check}
            onClick={() => onDecide('accepted')}
            autoFocus
            aria-keyshortcuts="a"
            testId="decide-accept"
          >
            {t('planGuide.decide.accept')} <kbd>a</kbd>
          </Button>
          <Button
            look="danger"
            icon={X}
            onClick={() => onDecide('rejected')}
            aria-keyshortcuts="r"
            testId="decide-reject"
          >
            {t('planGuide.decide.reject')} <kbd>r</kbd>
          </Button>
          {current ? (
            <Button icon={Trash2} onClick={onRemove} testId="decide-remove">
              {t('planGuide.decide.remove')}
            </Button>
          ) : null}
          <Button look="ghost" onClick={onClose}>
            {t('planGuide.decide.cancel')}
          </Button>
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
