import { AlertTriangle, Check, FilePen, Trash2, X } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { ProposalState } from '../../../../shared/hub-api'
import type { InventoryProposal, PlanResolution } from '../../../../shared/review'
import { useFormat } from '../../i18n/format'
import { REASON_MAX } from './plan'
import { proposalPath } from '../../app/routes'
import { ProposalBadges } from '../proposal/ProposalBadges'
import { RelativeTime } from '../../ui/RelativeTime'
import { DocumentPicker } from './DocumentPicker'
import { reviewerShown } from '../../lib/reviewer'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

interface Props {
  base: string
  resolution: PlanResolution
  /** Null when the proposal is no longer pending (or the inventory is still loading). */
  proposal: InventoryProposal | null
  inventoryLoaded: boolean
  /** Where the proposal stands now, when known: not pending → the card is stale. */
  state: ProposalState | null
  /** The shortcuts' current card. */
  current: boolean
  documents: string[]
  /** What `integrated_into` suggests for this proposal (its likely documents, its own edits'). */
  suggestions: string[]
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
    state,
    current,
    documents,
    suggestions,
    onChange,
    onRemove,
    onAddEdit
  } = props
  const { t } = useTranslation()
  const id = r.id
  const prefix = `res-${id}`
  const chosen = r.integrated_into ?? []
  const stale = state !== null && state.status !== 'pending'
  return (
    <li
      className={`card resolution-card resolution-${r.resolution}${stale ? ' is-stale' : ''}${current ? ' is-current' : ''}`}
      data-testid={`plan-resolution-${id}`}
      id={`plan-card-${id}`}
      tabIndex={-1}
      aria-current={current ? 'true' : undefined}
      // Until the inventory answers, the card has no badges and no suggested documents: it grows by
      // a few lines when they come, moving what is below. Said, so that nothing presses in between.
      aria-busy={inventoryLoaded ? undefined : true}
    >
      <CardHeader base={base} id={id} proposal={p} state={state} onRemove={onRemove} />
      {stale ? (
        <StaleNotice state={state} onRemove={onRemove} />
      ) : inventoryLoaded && !p ? (
        <p className="notice notice-warning notice-compact" role="note">
          <AlertTriangle aria-hidden="true" size={14} /> {t('plan.resolution.notPending')}
        </p>
      ) : null}
      <DecisionButtons id={id} resolution={r.resolution} onChange={onChange} />
      {r.resolution === 'accepted' ? (
        <>
          <DocumentPicker
            idPrefix={prefix}
            chosen={chosen}
            suggestions={suggestions}
            documents={documents}
            onChange={(paths) => onChange({ integrated_into: paths })}
          />
          <p>
            <Button look="small" icon={FilePen} iconSize={14} onClick={onAddEdit} testId={`edit-add-${id}`}>
              {t('plan.resolution.addEdit')}
            </Button>{' '}
            <span className="hint">{t('plan.resolution.addEditHint')}</span>
          </p>
        </>
      ) : (
        <RejectReason prefix={prefix} id={id} reason={r.reason ?? ''} onChange={onChange} />
      )}
    </li>
  )
}

/** The proposal was resolved elsewhere: by whom and when, and the one click that takes it out. */
function StaleNotice({ state, onRemove }: { state: ProposalState; onRemove(): void }): React.JSX.Element {
  const { t } = useTranslation()
  const f = useFormat()
  const who = reviewerShown(state.reviewer) || t('planGuide.stale.someone')
  const when = f.relative(state.resolvedAt) ?? t('planGuide.stale.earlier')
  const what =
    state.status === 'accepted'
      ? t('planGuide.stale.accepted', { who, when })
      : state.status === 'rejected'
        ? t('planGuide.stale.rejected', { who, when })
        : t('planGuide.stale.missing')
  return (
    <Notice
      tone="warning"
      iconSize={16}
      compact
      role="status"
      testId={`plan-stale-${state.id}`}
      title={
        <>
          {what}
          {state.resolvedAt ? (
            <span className="muted"> ({f.dateTime(state.resolvedAt) ?? state.resolvedAt})</span>
          ) : null}
        </>
      }
    >
      <p>{t('planGuide.stale.explain')}</p>
      <p>
        <Button
          look="small"
          icon={Trash2}
          iconSize={14}
          onClick={onRemove}
          testId={`plan-stale-remove-${state.id}`}
        >
          {t('planGuide.stale.remove')}
        </Button>
      </p>
    </Notice>
  )
}

/** The proposal (a link to it), its id, badges, submitter and age; Remove from the plan. */
function CardHeader({
  base,
  id,
  proposal: p,
  state,
  onRemove
}: {
  base: string
  id: string
  proposal: InventoryProposal | null
  state: ProposalState | null
  onRemove(): void
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <header className="card-header">
      <div>
        <h3 className="card-title">
          <Link to={proposalPath(base, id)}>{p?.concerns ?? state?.concerns ?? id}</Link>
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
      <Button
        look="ghost small"
        icon={Trash2}
        iconSize={14}
        onClick={onRemove}
        aria-label={t('plan.resolution.removeLabel', { id })}
      >
        {t('plan.resolution.remove')}
      </Button>
    </header>
  )
}

/** Accept or reject, as a pressed pair. */
function DecisionButtons({
  id,
  resolution,
  onChange
}: {
  id: string
  resolution: PlanResolution['resolution']
  onChange(patch: Partial<PlanResolution>): void
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <div className="decision" role="group" aria-label={t('plan.resolution.decision', { id })}>
      <button
        type="button"
        className={`button decision-button${resolution === 'accepted' ? ' button-success is-active' : ''}`}
        aria-pressed={resolution === 'accepted'}
        onClick={() => onChange({ resolution: 'accepted' })}
        data-testid={`plan-accept-${id}`}
      >
        <Check aria-hidden="true" size={16} /> {t('plan.resolution.accept')}
      </button>
      <button
        type="button"
        className={`button decision-button${resolution === 'rejected' ? ' button-danger is-active' : ''}`}
        aria-pressed={resolution === 'rejected'}
        onClick={() => onChange({ resolution: 'rejected' })}
        data-testid={`plan-reject-${id}`}
      >
        <X aria-hidden="true" size={16} /> {t('plan.resolution.reject')}
      </button>
    </div>
  )
}

/** Why it is rejected: required, counted against the engine's limit. */
function RejectReason({
  prefix,
  id,
  reason,
  onChange
}: {
  prefix: string
  id: string
  reason: string
  onChange(patch: Partial<PlanResolution>): void
}): React.JSX.Element {
  const { t } = useTranslation()
  const reasonLength = [...reason.trim()].length
  return (
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
  )
}
