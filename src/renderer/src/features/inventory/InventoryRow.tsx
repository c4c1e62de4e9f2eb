import { Bot, FileText } from 'lucide-react'
import { memo } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { InventoryGroup, InventoryProposal, ResolutionKind } from '../../../../shared/review'
import { proposalPath } from '../../app/routes'
import { PlanToggle } from './PlanToggle'
import { ProposalBadges } from '../proposal/ProposalBadges'
import { RelativeTime } from '../../ui/RelativeTime'

interface Props {
  base: string
  p: InventoryProposal
  group: InventoryGroup
  showGroup: boolean
  isCursor: boolean
  inPlan: ResolutionKind | null
  /** Stable across renders (called with the row's id): a click re-renders only its own row. */
  onToggle(id: string): void
  onFocus(id: string): void
}

/** One pending proposal: what it concerns, who sent it, when, how sure; in the plan or not. */
export const InventoryRow = memo(function InventoryRow({
  base,
  p,
  group,
  showGroup,
  isCursor,
  inPlan,
  onToggle,
  onFocus
}: Props): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <div
      className={`inv-row${isCursor ? ' is-cursor' : ''}${inPlan ? ' is-in-plan' : ''}`}
      data-testid={`proposal-row-${p.id}`}
      data-row-id={p.id}
      onFocus={() => onFocus(p.id)}
    >
      <PlanToggle id={p.id} inPlan={inPlan} onToggle={() => onToggle(p.id)} />
      <div className="inv-main">
        <Link to={proposalPath(base, p.id)} className="inv-title">
          {p.concerns ?? p.id}
        </Link>
        <div className="inv-meta">
          <code className="inv-id">{p.id}</code>
          <ProposalBadges p={p} />
          <span className="inv-submitter" title={t('proposal.submittedBy')}>
            <Bot aria-hidden="true" size={12} /> {p.submittedBy ?? t('proposal.unknownSubmitter')}
          </span>
          <span className="inv-age">
            <RelativeTime iso={p.submittedAt} fallbackDays={p.ageDays} />
          </span>
          {p.likelyDocuments.length > 0 ? (
            <span className="inv-docs" title={p.likelyDocuments.join(', ')}>
              <FileText aria-hidden="true" size={12} /> {p.likelyDocuments[0]}
              {p.likelyDocuments.length > 1 ? ` +${p.likelyDocuments.length - 1}` : ''}
            </span>
          ) : null}
          {showGroup && group.proposals.length > 1 ? (
            <span className="badge">{t('inventory.groupShort', { index: group.index })}</span>
          ) : null}
        </div>
      </div>
      {inPlan ? (
        <span className={`badge ${inPlan === 'accepted' ? 'badge-success' : 'badge-danger'}`}>
          {inPlan === 'accepted' ? t('inventory.planAccept') : t('inventory.planReject')}
        </span>
      ) : null}
    </div>
  )
})
