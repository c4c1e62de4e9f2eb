import { Inbox } from 'lucide-react'
import { useCallback, useMemo, useRef, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { Trans, useTranslation } from 'react-i18next'
import type { Inventory, ResolutionKind } from '../../../../shared/review'
import { hub } from '../../api/hub'
import { takeInventory } from '../../api/prefetch'
import { ContributionNote } from '../proposal/ContributionNote'
import { DecideDialog } from './DecideDialog'
import { EmptyState } from '../../ui/EmptyState'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { InventoryList } from './InventoryList'
import { InventoryToolbar } from './InventoryToolbar'
import { ReconcileBanner } from './ReconcileBanner'
import { Skeleton } from '../../ui/Skeleton'
import { Spinner } from '../../ui/Spinner'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { useHubQuery } from '../../hooks/useHubQuery'
import { useShortcuts } from '../../hooks/useShortcuts'
import { inventoryItems } from './inventory'
import { corpusPath, proposalPath } from '../../app/routes'
import { useBases } from '../../stores/bases'
import { inventoryPrefsOf, useInventoryPrefs } from './inventory-store'
import { useBaseRevision } from '../../stores/live'
import { usePlans } from '../plan/plan-store'
import { Button } from '../../ui/Button'

const GUIDE_BASE = 'okf-hub-guide'

/** Pending proposals by subject, the reconcile banner, and the keyboard to triage them. */
export function InventoryTab(): React.JSX.Element {
  const { t } = useTranslation()
  const base = useParams().base ?? ''
  useDocumentTitle(`${t('tabs.inventory')} · ${base}`)
  const navigate = useNavigate()
  const rev = useBaseRevision(base)
  const { inv, rec } = useInventoryQueries(base, rev)
  const prefs = useInventoryPrefs((s) => inventoryPrefsOf(s, base))
  const setPrefs = useInventoryPrefs((s) => s.setPrefs)
  const { planOf, toggle, setAsking, dialog } = useDecisions(base)
  const filterRef = useRef<HTMLInputElement>(null)

  const data = inv.data && inv.data.base === base ? inv.data : null
  const items = useMemo(
    () => (data ? inventoryItems(data, prefs.filter, prefs.sort) : []),
    [data, prefs.filter, prefs.sort]
  )
  const ids = useMemo(() => items.flatMap((i) => (i.kind === 'proposal' ? [i.proposal.id] : [])), [items])
  const cursor = prefs.cursor && ids.includes(prefs.cursor) ? prefs.cursor : null

  const onCursor = useCallback((id: string) => setPrefs(base, { cursor: id }), [base, setPrefs])
  const focusTick = useInventoryKeys(base, ids, cursor, {
    open: (id) => navigate(proposalPath(base, id)),
    ask: setAsking,
    filter: () => filterRef.current?.focus()
  })

  return (
    <section className="inventory" aria-labelledby="inventory-heading">
      <DecideDialog {...dialog} />
      <h2 id="inventory-heading" className="visually-hidden">
        {t('tabs.inventory')}
      </h2>
      <ReconcileBanner
        base={base}
        report={rec.data && rec.data.base === base ? rec.data : null}
        onApplied={inv.reload}
      />
      {inv.error ? (
        <ErrorNotice error={inv.error} context={t('inventory.loading')} onRetry={inv.reload} />
      ) : null}
      {!data && !inv.error ? <Skeleton lines={6} /> : null}
      {data && data.total === 0 ? <InventoryEmpty base={base} /> : null}
      {data && data.total > 0 ? (
        <>
          {data.locating > 0 ? <LocatingNote count={data.locating} /> : null}
          <ContributionNote />
          <InventoryToolbar
            ref={filterRef}
            filter={prefs.filter}
            sort={prefs.sort}
            shown={ids.length}
            total={data.total}
            onFilter={(filter) => setPrefs(base, { filter })}
            onSort={(sort) => setPrefs(base, { sort })}
          />
          <KeyboardHint loading={inv.loading} />
          {items.length === 0 ? (
            <NoMatch filter={prefs.filter} onClear={() => setPrefs(base, { filter: '' })} />
          ) : (
            <InventoryList
              base={base}
              items={items}
              cursor={cursor}
              focusTick={focusTick}
              showGroups={prefs.sort === 'group'}
              planOf={planOf}
              onToggle={toggle}
              onCursor={onCursor}
            />
          )}
        </>
      ) : null}
    </section>
  )
}

/** Proposals whose documents are still being located, said while it lasts. */
function LocatingNote({ count }: { count: number }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <p className="muted" data-testid="inventory-locating">
      <Spinner label={t('inventory.locating', { count })} />
    </p>
  )
}

/** The triage keys, and the spinner of a refresh under way. */
function KeyboardHint({ loading }: { loading: boolean }): React.JSX.Element {
  return (
    <p className="muted keyboard-hint">
      <Trans i18nKey="inventory.keyboardHint" components={{ kbd: <kbd /> }} />
      {loading ? <Spinner inline /> : null}
    </p>
  )
}

/** The filter hides every proposal: say which filter, and clear it in one press. */
function NoMatch({ filter, onClear }: { filter: string; onClear(): void }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <EmptyState title={t('inventory.noMatch', { filter })}>
      <Button onClick={onClear}>{t('inventory.clearFilter')}</Button>
    </EmptyState>
  )
}

/**
 * The inventory, from the prefetch (api/prefetch.ts) taken once per mount — an answer already in
 * is the first render's data, one still on its way the first request's — then the reconcile
 * report, asked once the inventory is in.
 */
function useInventoryQueries(base: string, rev: number) {
  const pre = useRef<{ base: string; pending: Promise<Inventory> | null; settled: Inventory | null } | null>(
    null
  )
  if (pre.current === null) {
    const got = takeInventory(base)
    pre.current = { base, pending: got && !got.settled ? got.value : null, settled: got?.settled ?? null }
  }
  const inv = useHubQuery(
    () => {
      const p = pre.current?.base === base ? pre.current.pending : null
      if (pre.current) pre.current.pending = null
      return p ?? hub().inventory(base)
    },
    [base, rev],
    base,
    pre.current.base === base ? pre.current.settled : null
  )
  // Asked once the inventory is in: both run on the one server thread, and the rows come first.
  const invIn = inv.data !== null || inv.error !== null
  const rec = useHubQuery(
    () => (invIn ? hub().reconcile(base, false) : Promise.resolve(null)),
    [base, rev, invIn],
    `${base}:${invIn}`
  )
  return { inv, rec }
}

/**
 * The triage keyboard: j / k and the arrows (inside the list) move the cursor, Enter opens the
 * proposal, x asks accept or reject, / goes to the filter. Returns a tick that moves the focus.
 */
function useInventoryKeys(
  base: string,
  ids: string[],
  cursor: string | null,
  on: { open(id: string): void; ask(id: string): void; filter(): void }
): number {
  const setPrefs = useInventoryPrefs((s) => s.setPrefs)
  const [focusTick, setFocusTick] = useState(0)
  const move = (delta: number): void => {
    if (ids.length === 0) return
    const at = cursor ? ids.indexOf(cursor) : -1
    const next = at < 0 ? (delta > 0 ? 0 : ids.length - 1) : Math.min(ids.length - 1, Math.max(0, at + delta))
    setPrefs(base, { cursor: ids[next] })
    setFocusTick((n) => n + 1)
  }

  useShortcuts({
    j: () => move(1),
    k: () => move(-1),
    ArrowDown: (e) => {
      if ((e.target as HTMLElement).closest?.('.inv-scroller')) {
        e.preventDefault()
        move(1)
      }
    },
    ArrowUp: (e) => {
      if ((e.target as HTMLElement).closest?.('.inv-scroller')) {
        e.preventDefault()
        move(-1)
      }
    },
    Enter: (e) => {
      if (!cursor || (e.target as HTMLElement).closest?.('a,button')) return
      on.open(cursor)
    },
    x: () => cursor && on.ask(cursor),
    '/': (e) => {
      e.preventDefault()
      on.filter()
    }
  })

  return focusTick
}

/** No pending proposal: how agents propose, and the guide's page on it when the guide is here. */
function InventoryEmpty({ base }: { base: string }): React.JSX.Element {
  const { t } = useTranslation()
  const hasGuide = useBases((s) => s.overview?.bases.some((b) => b.name === GUIDE_BASE) ?? false)
  return (
    <EmptyState icon={<Inbox size={40} />} title={t('inventory.emptyTitle')} testId="inventory-empty">
      <p>
        <Trans i18nKey="inventory.emptyBody" components={{ code: <code /> }} />
      </p>
      {hasGuide && base !== GUIDE_BASE ? (
        <p>
          <Link to={corpusPath(GUIDE_BASE, 'proposer.md')}>{t('inventory.emptyGuide')}</Link>
        </p>
      ) : hasGuide ? (
        <p>
          <Link to={corpusPath(GUIDE_BASE, 'proposer.md')}>{t('inventory.emptyGuideHere')}</Link>
        </p>
      ) : null}
    </EmptyState>
  )
}

/**
 * The plan's decisions as the inventory shows and makes them: Space toggles accept, x asks accept
 * or reject (DecideDialog). The rows get a stable toggle reading the latest plan: a click
 * re-renders its own row only.
 */
function useDecisions(base: string) {
  const resolutions = usePlans((s) => s.slots[base]?.plan.resolutions)
  const addResolution = usePlans((s) => s.addResolution)
  const removeResolution = usePlans((s) => s.removeResolution)
  const [asking, setAsking] = useState<string | null>(null)
  const planOf = (id: string): ResolutionKind | null =>
    resolutions?.find((r) => r.id === id)?.resolution ?? null
  const toggleNow = (id: string): void => {
    if (planOf(id)) void removeResolution(base, id)
    else void addResolution(base, id, 'accepted')
  }
  const latestToggle = useRef(toggleNow)
  latestToggle.current = toggleNow
  const toggle = useCallback((id: string) => latestToggle.current(id), [])
  const onDecide = useCallback(
    (resolution: ResolutionKind) => {
      if (asking) void addResolution(base, asking, resolution)
      setAsking(null)
    },
    [asking, addResolution, base]
  )
  const dialog = {
    id: asking,
    current: asking ? planOf(asking) : null,
    onDecide,
    onRemove: () => {
      if (asking) void removeResolution(base, asking)
      setAsking(null)
    },
    onClose: () => setAsking(null)
  }
  return { planOf, toggle, setAsking, dialog }
}
