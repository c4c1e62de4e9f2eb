import { ArrowLeft, ClipboardList, Eye, Plus, Trash2 } from 'lucide-react'
import { memo, useEffect, useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import { Trans, useTranslation } from 'react-i18next'
import type { HubApiError, ProposalState } from '../../../../shared/hub-api'
import type { InventoryProposal, ResolutionPlan } from '../../../../shared/review'
import { hub } from '../../api/hub'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { EmptyState } from '../../ui/EmptyState'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { LocalChangesLink } from '../local-changes/LocalChangesLink'
import { Skeleton } from '../../ui/Skeleton'
import { CommitFields } from './CommitFields'
import { EditCard } from './EditCard'
import { PlanIssues } from './PlanIssues'
import { PreviewPanel } from './preview/PreviewPanel'
import { ResolutionCard } from './ResolutionCard'
import { ResolveResultView } from './preview/ResolveResultView'
import { SaveState } from './SaveState'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { useHubQuery } from '../../hooks/useHubQuery'
import { planCounts, planIssues, planKey, type PlanIssue } from './plan'
import { blankEdit, proposalsOfEdit, staleCards, suggestionsFor } from './plan-guide'
import { useShortcuts } from '../../hooks/useShortcuts'
import { useFormat } from '../../i18n/format'
import { usePlanStates } from './plan-states'
import { inventoryPath } from '../../app/routes'
import { useBaseRevision } from '../../stores/live'
import { usePlans, type PlanSlot } from './plan-store'
import { useSettings } from '../../stores/settings'
import { SetAsideNotice } from '../sync/SetAsideNotice'
import { reviewerShown } from '../../lib/reviewer'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

/**
 * The plan editor: one decision per proposal, the document changes, summary and reviewer; the
 * preview of exactly what will be written; then one commit. The draft is saved as it changes.
 */
export function PlanScreen(): React.JSX.Element {
  const { t } = useTranslation()
  const base = useParams().base ?? ''
  useDocumentTitle(`${t('plan.title')} · ${base}`)
  const rev = useBaseRevision(base)
  const store = usePlans.getState
  const settingsReviewer = useSettings((s) => s.settings?.reviewer ?? null)
  const { slot, plan, loaded, states } = usePlanDraft(base, rev, settingsReviewer)
  const { proposals, inventoryLoaded, documents, freshness } = usePlanContext(base, rev)
  const [confirmDiscard, setConfirmDiscard] = useState(false)
  const issues = usePlanIssues(plan, states)
  const { current, setCursor } = usePlanKeys(base, plan, loaded, () => {
    if (issues.length === 0 && !slot?.previewing) void store().preview(base)
  })
  const key = useMemo(() => (plan ? planKey(plan) : ''), [plan])

  if (!slot || (!slot.loaded && !slot.loadError)) return <Skeleton lines={10} />
  if (slot.loadError && !slot.loaded)
    return (
      <ErrorNotice
        error={slot.loadError}
        context={t('plan.loadingDraft')}
        onRetry={() => void store().ensure(base)}
      />
    )
  if (!plan) return <Skeleton lines={10} />

  const counts = planCounts(plan)

  const empty = plan.resolutions.length === 0 && plan.edits.length === 0

  return (
    <div className="plan-screen">
      <PlanHeader base={base} slot={slot} empty={empty} onDiscard={() => setConfirmDiscard(true)} />
      <p className="muted">{t('plan.explain')}</p>
      {slot.save === 'error' && slot.saveError && (empty || slot.saveError.kind !== 'draft-changed') ? (
        <DraftSaveFailed base={base} error={slot.saveError} />
      ) : null}
      <SetAsideNotice base={base} />
      {slot.result ? (
        <ResolveResultView result={slot.result} onDismiss={() => store().dismissResult(base)} />
      ) : null}

      {empty ? (
        <PlanEmpty base={base} />
      ) : (
        <>
          <DepartedNotice base={base} />
          <PlanDraftSections
            base={base}
            plan={plan}
            states={states}
            current={current}
            onCurrent={setCursor}
            proposals={proposals}
            inventoryLoaded={inventoryLoaded}
            documents={documents}
            freshness={freshness}
            settingsReviewer={settingsReviewer}
          />

          <PlanPreview base={base} slot={slot} issues={issues} planKey={key} count={counts.total} />
        </>
      )}

      <DiscardDialog
        open={confirmDiscard}
        plan={plan}
        onCancel={() => setConfirmDiscard(false)}
        onConfirm={() => {
          setConfirmDiscard(false)
          void store().discard(base)
        }}
      />
    </div>
  )
}

export default PlanScreen

const NO_FIELDS: string[] = []
const NO_IDS: string[] = []
const NO_STATES: Record<string, ProposalState> = {}

/** The cards that left the plan by themselves: resolved elsewhere, with who and when. */
function DepartedNotice({ base }: { base: string }): React.JSX.Element | null {
  const { t } = useTranslation()
  const f = useFormat()
  const departed = usePlanStates((s) => s.slots[base]?.departed)
  if (!departed || departed.length === 0) return null
  return (
    <Notice
      tone="info"
      iconSize={16}
      role="status"
      testId="plan-departed"
      title={t('planGuide.stale.departed', { count: departed.length })}
    >
      <ul className="plain-list">
        {departed.map((d) => {
          const who = reviewerShown(d.reviewer) || t('planGuide.stale.someone')
          const when = f.relative(d.resolvedAt) ?? t('planGuide.stale.earlier')
          return (
            <li key={d.id} data-testid={`plan-departed-${d.id}`}>
              <code>{d.id}</code> —{' '}
              {d.status === 'accepted'
                ? t('planGuide.stale.accepted', { who, when })
                : d.status === 'rejected'
                  ? t('planGuide.stale.rejected', { who, when })
                  : t('planGuide.stale.missing')}
            </li>
          )
        })}
      </ul>
      <p>
        <Button look="small" onClick={() => usePlanStates.getState().dismissDeparted(base)}>
          {t('planGuide.stale.dismiss')}
        </Button>
      </p>
    </Notice>
  )
}
const NO_PATHS: string[] = []

/**
 * The draft's decisions, edits and commit fields: memoised on the plan and the screen's data, so
 * that previewing, saving or resolving — which change only the slot's other fields — do not
 * render every card and editor again (they did, twice per preview: ~40 ms at the press and part
 * of the ~120 ms when the diff came, docs/PERFORMANCE.md « Manager UI »).
 */
const PlanDraftSections = memo(function PlanDraftSections({
  freshness,
  settingsReviewer,
  ...decisions
}: DraftContext & { freshness: string[]; settingsReviewer: string | null }): React.JSX.Element {
  const { base, plan, documents } = decisions
  const store = usePlans.getState
  const addEdit = (path: string, owner?: string): void => {
    void store().addEdit(base, blankEdit(path, documents.includes(path.trim()), owner))
    const index = plan.edits.length
    requestAnimationFrame(() => document.getElementById(`edit-${index}-path`)?.focus())
  }
  return (
    <>
      <DecisionsSection {...decisions} addEdit={addEdit} />
      <EditsSection base={base} plan={plan} documents={documents} freshness={freshness} addEdit={addEdit} />
      <CommitSection base={base} plan={plan} settingsReviewer={settingsReviewer} />
    </>
  )
})

type Slot = PlanSlot

/**
 * The keyboard over the cards: j / k move between decisions, a / r decide the current one (a
 * rejection's reason then has the focus), p previews.
 */
function usePlanKeys(
  base: string,
  plan: ResolutionPlan | null,
  loaded: boolean,
  preview: () => void
): { current: string | null; setCursor(id: string): void } {
  const store = usePlans.getState
  const [cursor, setCursor] = useState<string | null>(null)
  const ids = plan?.resolutions.map((r) => r.id) ?? NO_IDS
  const current = cursor && ids.includes(cursor) ? cursor : null
  const moveCard = (delta: number): void => {
    if (ids.length === 0) return
    const at = current ? ids.indexOf(current) : -1
    const next =
      ids[at < 0 ? (delta > 0 ? 0 : ids.length - 1) : Math.min(ids.length - 1, Math.max(0, at + delta))]
    setCursor(next)
    const el = document.getElementById(`plan-card-${next}`)
    el?.focus()
    el?.scrollIntoView({ block: 'nearest' })
  }
  const decide = (resolution: 'accepted' | 'rejected'): void => {
    const id = current ?? ids[0]
    if (!id) return
    setCursor(id)
    void store().setResolution(base, id, { resolution })
    if (resolution === 'rejected')
      requestAnimationFrame(() => document.getElementById(`res-${id}-reason`)?.focus())
  }
  useShortcuts(
    {
      j: () => moveCard(1),
      k: () => moveCard(-1),
      a: () => decide('accepted'),
      r: () => decide('rejected'),
      p: preview
    },
    loaded
  )
  return { current, setCursor }
}

/** The way back to the inventory, the title, the draft's save state, Discard. */
function PlanHeader({
  base,
  slot,
  empty,
  onDiscard
}: {
  base: string
  slot: Slot
  empty: boolean
  onDiscard(): void
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <>
      <p className="breadcrumb">
        <Link to={inventoryPath(base)}>
          <ArrowLeft aria-hidden="true" size={14} /> {t('plan.back')}
        </Link>
      </p>
      <header className="plan-header">
        <h2 className="section-title">
          <ClipboardList aria-hidden="true" size={18} /> {t('plan.title')}
        </h2>
        <SaveState state={slot.save} error={slot.saveError} />
        <div className="screen-actions">
          {!empty ? (
            <Button look="ghost" icon={Trash2} onClick={onDiscard} testId="plan-discard">
              {t('plan.discard')}
            </Button>
          ) : null}
        </div>
      </header>
    </>
  )
}

/** No decision and no change yet: where to start. */
function PlanEmpty({ base }: { base: string }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <EmptyState icon={<ClipboardList size={40} />} title={t('plan.emptyTitle')} testId="plan-empty">
      <p>
        <Trans i18nKey="plan.emptyBody" components={{ kbd: <kbd /> }} />
      </p>
      <p>
        <Link to={inventoryPath(base)} className="button">
          {t('plan.toInventory')}
        </Link>
      </p>
    </EmptyState>
  )
}

/** The press that previews, the preview with its Resolve, and the way out when the worktree blocks. */
function PlanPreview(props: {
  base: string
  slot: Slot
  issues: PlanIssue[]
  planKey: string
  count: number
}): React.JSX.Element {
  const { base, slot, issues, planKey: key, count } = props
  const outdated = slot.preview !== null && slot.preview.key !== key
  return (
    <>
      <PreviewBar base={base} slot={slot} issues={issues} />

      {slot.preview ? (
        <PreviewPanel
          result={slot.preview.result}
          outdated={outdated}
          count={count}
          previewing={slot.previewing}
          resolving={slot.resolving}
          resolveError={slot.resolveError}
          onResolve={() => void usePlans.getState().resolve(base)}
          onPreview={() => void usePlans.getState().preview(base)}
        />
      ) : null}
      <LocalChangesLink base={base} error={slot.previewError ?? slot.resolveError} from="plan" />
    </>
  )
}

/**
 * Why the draft was not saved. Another window saved it since this copy was loaded
 * (`draft-changed`): the manager chooses which to keep — shown in the preview bar, which stays in
 * view wherever the manager was typing.
 */
function DraftSaveFailed({ base, error }: { base: string; error: HubApiError }): React.JSX.Element {
  const { t } = useTranslation()
  const store = usePlans.getState
  return (
    <ErrorNotice error={error} context={t('plan.saveFailed')} compact>
      {error.kind === 'draft-changed' ? (
        <span className="draft-changed-actions">
          <Button look="small" testId="draft-take-other" onClick={() => void store().takeOtherDraft(base)}>
            {t('plan.draftChanged.take')}
          </Button>
          <Button look="small" testId="draft-keep-mine" onClick={() => void store().keepThisDraft(base)}>
            {t('plan.draftChanged.keep')}
          </Button>
        </span>
      ) : null}
    </ErrorNotice>
  )
}

/** Why preview is disabled, or the Preview button (warmed on hover and focus) and its failure. */
function PreviewBar({
  base,
  slot,
  issues
}: {
  base: string
  slot: Slot
  issues: PlanIssue[]
}): React.JSX.Element {
  const { t } = useTranslation()
  const store = usePlans.getState
  return (
    <div className="preview-bar">
      {slot.save === 'error' && slot.saveError?.kind === 'draft-changed' ? (
        <DraftSaveFailed base={base} error={slot.saveError} />
      ) : null}
      <PlanIssues issues={issues} id="plan-issues" />
      <Button
        look="primary"
        icon={Eye}
        disabled={issues.length > 0 || slot.previewing}
        aria-describedby={issues.length > 0 ? 'plan-issues' : 'preview-hint'}
        onClick={() => void store().preview(base)}
        onPointerEnter={() => store().prepare(base)}
        onFocus={() => store().prepare(base)}
        testId="preview-button"
      >
        {slot.previewing ? t('plan.previewing') : t('plan.previewButton')}
      </Button>
      <p id="preview-hint" className="hint">
        {t('plan.previewHint')}
      </p>
      {slot.previewError ? <ErrorNotice error={slot.previewError} context={t('plan.previewFailed')} /> : null}
    </div>
  )
}

/**
 * The base's draft, loaded and saved by the store (flushed on leaving); where its proposals stand,
 * asked again whenever the base moves (another window, a sync); the remembered reviewer filling an
 * empty field.
 */
function usePlanDraft(
  base: string,
  rev: number,
  settingsReviewer: string | null
): {
  slot: PlanSlot | undefined
  plan: ResolutionPlan | null
  loaded: boolean
  states: Record<string, ProposalState>
} {
  const store = usePlans.getState
  const slot = usePlans((s) => s.slots[base])
  const states = usePlanStates((s) => s.slots[base]?.states ?? NO_STATES)
  useEffect(() => {
    void store().ensure(base)
    return () => void store().flush(base)
  }, [base, store])

  const plan = slot?.plan ?? null
  const idsKey = plan ? plan.resolutions.map((r) => r.id).join(' ') : ''
  const loaded = slot?.loaded ?? false
  useEffect(() => {
    if (loaded) void usePlanStates.getState().check(base)
  }, [base, rev, idsKey, loaded])
  useEffect(() => {
    if (plan && slot?.loaded && plan.reviewed_by === '' && settingsReviewer)
      void store().mutate(base, (p) => ({ ...p, reviewed_by: settingsReviewer }))
  }, [plan, slot?.loaded, settingsReviewer, base, store])
  return { slot, plan, loaded, states }
}

/** What the cards are written against: the pending proposals, the corpus's paths, the freshness fields. */
function usePlanContext(
  base: string,
  rev: number
): {
  proposals: Map<string, InventoryProposal>
  inventoryLoaded: boolean
  documents: string[]
  freshness: string[]
} {
  const inv = useHubQuery(() => hub().inventory(base), [base, rev], base)
  // Paths only: the tree's titles are for the reader, and cost four times the answer.
  const paths = useHubQuery(() => hub().documentPaths(base), [base, rev], base)
  const gov = useHubQuery(() => hub().governance(base), [base])
  const proposals = useMemo(
    () =>
      new Map(
        (inv.data?.base === base ? inv.data.groups.flatMap((g) => g.proposals) : []).map((p) => [p.id, p])
      ),
    [inv.data, base]
  )
  return {
    proposals,
    inventoryLoaded: inv.data?.base === base,
    documents: paths.data ?? NO_PATHS,
    freshness: gov.data?.freshnessFields ?? NO_FIELDS
  }
}

/** Discard the draft, after saying what it holds. */
function DiscardDialog({
  open,
  plan,
  onCancel,
  onConfirm
}: {
  open: boolean
  plan: ResolutionPlan
  onCancel(): void
  onConfirm(): void
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <ConfirmDialog
      open={open}
      title={t('plan.discardTitle')}
      confirmLabel={t('plan.discardConfirm')}
      danger
      onCancel={onCancel}
      onConfirm={onConfirm}
      testId="discard-dialog"
    >
      <p>{t('plan.discardBody', { count: plan.resolutions.length, edits: plan.edits.length })}</p>
    </ConfirmDialog>
  )
}

type AddEdit = (path: string, owner?: string) => void

/** A card per proposal; the focused card is the keyboard's current one. */
/** What the decision cards are drawn from. */
interface DraftContext {
  base: string
  plan: ResolutionPlan
  states: Record<string, ProposalState>
  current: string | null
  onCurrent(id: string): void
  proposals: Map<string, InventoryProposal>
  inventoryLoaded: boolean
  documents: string[]
}

function DecisionsSection({
  base,
  plan,
  states,
  current,
  onCurrent,
  proposals,
  inventoryLoaded,
  documents,
  addEdit
}: DraftContext & { addEdit: AddEdit }): React.JSX.Element {
  const { t } = useTranslation()
  const store = usePlans.getState
  return (
    <section aria-labelledby="decisions-title" className="plan-section">
      <h3 id="decisions-title" className="plan-section-title">
        {t('plan.decisions', { count: plan.resolutions.length })}
        {plan.resolutions.length > 1 ? <span className="muted"> · {t('plan.batch')}</span> : null}
      </h3>
      {plan.resolutions.length === 0 ? <p className="muted">{t('plan.noDecision')}</p> : null}
      <ul
        className="card-list"
        onFocus={(e) => {
          const id = (e.target as HTMLElement).closest?.('[id^="plan-card-"]')?.id.slice('plan-card-'.length)
          if (id && id !== current) onCurrent(id)
        }}
      >
        {plan.resolutions.map((r) => (
          <ResolutionCard
            key={r.id}
            base={base}
            resolution={r}
            proposal={proposals.get(r.id) ?? null}
            inventoryLoaded={inventoryLoaded}
            state={states[r.id] ?? null}
            current={current === r.id}
            documents={documents}
            suggestions={suggestionsFor(plan, r, proposals.get(r.id)?.likelyDocuments ?? [])}
            onChange={(patch) => void store().setResolution(base, r.id, patch)}
            onRemove={() => void store().removeResolution(base, r.id)}
            onAddEdit={() => {
              const p = proposals.get(r.id)
              const path = r.integrated_into?.[0] ?? p?.likelyDocuments[0] ?? ''
              if (path && !(r.integrated_into ?? []).includes(path))
                void store().setResolution(base, r.id, {
                  integrated_into: [...(r.integrated_into ?? []), path]
                })
              addEdit(path, r.id)
            }}
          />
        ))}
      </ul>
    </section>
  )
}

/** A card per document change, and a new one. */
function EditsSection({
  base,
  plan,
  documents,
  freshness,
  addEdit
}: {
  base: string
  plan: ResolutionPlan
  documents: string[]
  freshness: string[]
  addEdit: AddEdit
}): React.JSX.Element {
  const { t } = useTranslation()
  const store = usePlans.getState
  return (
    <section aria-labelledby="edits-title" className="plan-section">
      <h3 id="edits-title" className="plan-section-title">
        {t('plan.edits', { count: plan.edits.length })}
      </h3>
      <p className="muted">{t('plan.editsExplain')}</p>
      <ul className="card-list">
        {plan.edits.map((e, i) => (
          <EditCard
            key={i}
            base={base}
            index={i}
            edit={e}
            documents={documents}
            freshness={freshness}
            proposalIds={proposalsOfEdit(plan, e)}
            onChange={(edit) => void store().setEdit(base, i, edit)}
            onRemove={() => void store().removeEdit(base, i)}
          />
        ))}
      </ul>
      <Button look="small" icon={Plus} iconSize={14} onClick={() => addEdit('')} testId="edit-add">
        {t('plan.addEdit')}
      </Button>
    </section>
  )
}

/** The commit's summary and reviewer (remembered in the settings once typed). */
function CommitSection({
  base,
  plan,
  settingsReviewer
}: {
  base: string
  plan: ResolutionPlan
  settingsReviewer: string | null
}): React.JSX.Element {
  const { t } = useTranslation()
  const store = usePlans.getState
  const updateSettings = useSettings((s) => s.update)
  return (
    <section aria-labelledby="commit-title" className="plan-section">
      <h3 id="commit-title" className="plan-section-title">
        {t('plan.commitTitle')}
      </h3>
      <CommitFields
        summary={plan.summary}
        reviewer={plan.reviewed_by}
        onSummary={(summary) => void store().mutate(base, (p) => ({ ...p, summary }))}
        onReviewer={(reviewed_by) => void store().mutate(base, (p) => ({ ...p, reviewed_by }))}
        onReviewerDone={() => {
          const v = plan.reviewed_by.trim()
          if (v !== '' && v !== settingsReviewer) void updateSettings({ reviewer: v }).catch(() => undefined)
        }}
      />
    </section>
  )
}

/** Why the plan cannot be previewed yet: cards resolved elsewhere, then the plan's own shape rules. */
function usePlanIssues(plan: ResolutionPlan | null, states: Record<string, ProposalState>): PlanIssue[] {
  return useMemo((): PlanIssue[] => {
    if (!plan) return []
    const stale = staleCards(plan, states).map((c): PlanIssue => ({
      key: 'resolutionNotPending',
      id: c.resolution.id
    }))
    return [...stale, ...planIssues(plan)]
  }, [plan, states])
}
