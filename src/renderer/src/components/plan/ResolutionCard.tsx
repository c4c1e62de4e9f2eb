import { AlertTriangle, Check, FilePen, Trash2, X } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { InventoryProposal, PlanResolution } from '../../../../shared/review'
import { REASON_MAX } from '../../lib/plan'
import { proposalPath } from '../../routes'
import { ProposalBadges } from '../ProposalBadges'
import { RelativeTime } from '../RelativeTime'
import { DocumentPicker } from './DocumentPicker'

interface Props {
  base: string
  resolution: PlanResolution
  /** Null when the proposal is no longer pending (or the inventory is still loading). */
  proposal: InventoryProposal | null
  inventoryLoaded: boolean
  documents: string[]
  editPaths: string[]
  onChange(patch: Partial<PlanResolution>): void
  onRemove(): void
  onAddEdit(): void
}

/** The decision on one proposal: accept (into which documents) or reject (why). */
export function ResolutionCard(props: Props): React.JSX.Element {
  const {
    base,
    resolution: r,
    proposal: p,
    inventoryLoaded,
    documents,
    editPaths,
    onChange,
    onRemove,
    onAddEdit
  } = props
  const { t } = useTranslation()
  const id = r.id
  const prefix = `res-${id}`
  const reason = r.reason ?? ''
  const reasonLength = [...reason.trim()].length
  const chosen = r.integrated_into ?? []
  return (
    <li className={`card resolution-card resolution-${r.resolution}`} data-testid={`plan-resolution-${id}`}>
      <header className="card-header">
        <div>
          <h3 className="card-title">
            <Link to={proposalPath(base, id)}>{p?.concerns ?? id}</Link>
          </h3>
          <p className="inv-meta">
            <code>{id}</code>
            {p ? (
              <>
                <ProposalBadges p={p} />
                <span>{p.submittedBy ?? t('proposal.unknownSubmitter')}</span>
                <RelativeTime iso={p.submittedAt} fallbackDays={p.ageDays} />
              </>
            ) : null}
          </p>
        </div>
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={onRemove}
          aria-label={t('plan.resolution.removeLabel', { id })}
        >
          <Trash2 aria-hidden="true" size={14} /> {t('plan.resolution.remove')}
        </button>
      </header>
      {inventoryLoaded && !p ? (
        <p className="notice notice-warning notice-compact" role="note">
          <AlertTriangle aria-hidden="true" size={14} /> {t('plan.resolution.notPending')}
        </p>
      ) : null}
      <div className="decision" role="group" aria-label={t('plan.resolution.decision', { id })}>
        <button
          type="button"
          className={`button decision-button${r.resolution === 'accepted' ? ' button-success is-active' : ''}`}
          aria-pressed={r.resolution === 'accepted'}
          onClick={() => onChange({ resolution: 'accepted' })}
          data-testid={`plan-accept-${id}`}
        >
          <Check aria-hidden="true" size={16} /> {t('plan.resolution.accept')}
        </button>
        <button
          type="button"
          className={`button decision-button${r.resolution === 'rejected' ? ' button-danger is-active' : ''}`}
          aria-pressed={r.resolution === 'rejected'}
          onClick={() => onChange({ resolution: 'rejected' })}
          data-testid={`plan-reject-${id}`}
        >
          <X aria-hidden="true" size={16} /> {t('plan.resolution.reject')}
        </button>
      </div>
      {r.resolution === 'accepted' ? (
        <>
          <DocumentPicker
            idPrefix={prefix}
            chosen={chosen}
            suggestions={[...new Set([...(p?.likelyDocuments ?? []), ...editPaths])]}
            documents={documents}
            onChange={(paths) => onChange({ integrated_into: paths })}
          />
          <p>
            <button
              type="button"
              className="button button-small"
              onClick={onAddEdit}
              data-testid={`edit-add-${id}`}
            >
              <FilePen aria-hidden="true" size={14} /> {t('plan.resolution.addEdit')}
            </button>{' '}
            <span className="hint">{t('plan.resolution.addEditHint')}</span>
          </p>
        </>
      ) : (
        <div className="field">
          <label htmlFor={`${prefix}-reason`}>
            {t('plan.resolution.reason')} <span className="required">{t('common.required')}</span>
          </label>
          <textarea
            id={`${prefix}-reason`}
            className={`textarea${reason.trim() === '' ? ' is-missing' : ''}`}
            value={reason}
            rows={3}
            required
            aria-required="true"
            aria-invalid={reason.trim() === '' || reasonLength > REASON_MAX}
            aria-describedby={`${prefix}-reason-hint`}
            onChange={(e) => onChange({ reason: e.target.value })}
            data-testid={`reject-reason-${id}`}
          />
          <p id={`${prefix}-reason-hint`} className={`hint${reasonLength > REASON_MAX ? ' hint-error' : ''}`}>
            {t('plan.resolution.reasonHint')}{' '}
            {t('plan.resolution.reasonCount', { n: reasonLength, max: REASON_MAX })}
          </p>
        </div>
      )}
    </li>
  )
}
