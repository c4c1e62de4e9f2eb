import { Check, ClipboardList, X } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { planPath } from '../../app/routes'
import { usePlans } from '../plan/plan-store'
import { Button } from '../../ui/Button'

/** Accept into the plan, reject in the plan, or what the plan already says about it. */
export function ProposalActions({ base, id }: { base: string; id: string }): React.JSX.Element {
  const { t } = useTranslation()
  const inPlan = usePlans((s) => s.slots[base]?.plan.resolutions.find((r) => r.id === id)?.resolution ?? null)
  const addResolution = usePlans((s) => s.addResolution)
  const removeResolution = usePlans((s) => s.removeResolution)
  return (
    <div className="proposal-actions">
      <button
        type="button"
        className={`button${inPlan === 'accepted' ? ' button-success is-active' : ''}`}
        aria-pressed={inPlan === 'accepted'}
        onClick={() => void addResolution(base, id, 'accepted')}
        data-testid="detail-accept"
      >
        <Check aria-hidden="true" size={16} /> {t('proposal.acceptIntoPlan')}
      </button>
      <button
        type="button"
        className={`button${inPlan === 'rejected' ? ' button-danger is-active' : ''}`}
        aria-pressed={inPlan === 'rejected'}
        onClick={() => void addResolution(base, id, 'rejected')}
        data-testid="detail-reject"
      >
        <X aria-hidden="true" size={16} /> {t('proposal.rejectInPlan')}
      </button>
      {inPlan ? (
        <>
          <Link to={planPath(base)} className="button button-primary" data-testid="detail-open-plan">
            <ClipboardList aria-hidden="true" size={16} /> {t('proposal.openPlan')}
          </Link>
          <Button look="ghost" onClick={() => void removeResolution(base, id)}>
            {t('proposal.removeFromPlan')}
          </Button>
          <p className="muted proposal-actions-note" role="status">
            {inPlan === 'accepted' ? t('proposal.inPlanAccepted') : t('proposal.inPlanRejected')}
          </p>
        </>
      ) : (
        <p className="muted proposal-actions-note">{t('proposal.nothingWritten')}</p>
      )}
    </div>
  )
}
