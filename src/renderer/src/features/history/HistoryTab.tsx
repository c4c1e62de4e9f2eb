import { History } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { HistoryEntry } from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { useAction } from '../../hooks/useAction'
import { EmptyState } from '../../ui/EmptyState'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { HistoryEntryView } from './HistoryEntryView'
import { Skeleton } from '../../ui/Skeleton'
import { Spinner } from '../../ui/Spinner'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { useHubQuery } from '../../hooks/useHubQuery'
import { useBaseRevision } from '../../stores/live'
import { Button } from '../../ui/Button'

const PAGE = 50

/** The base's commits, newest first: submissions, resolutions, repairs; older pages on demand. */
export function HistoryTab(): React.JSX.Element {
  const { t } = useTranslation()
  const base = useParams().base ?? ''
  useDocumentTitle(`${t('tabs.history')} · ${base}`)
  const rev = useBaseRevision(base)
  const first = useHubQuery(() => hub().history(base, { limit: PAGE }), [base, rev], base)
  const [older, setOlder] = useState<HistoryEntry[]>([])
  const [next, setNext] = useState<string | null>(null)
  const page = first.data && first.data.base === base ? first.data : null
  const more = useAction(async (before: string) => {
    const p = await hub().history(base, { before, limit: PAGE })
    setOlder((o) => [...o, ...p.entries])
    setNext(p.next)
  })

  // A new first page (live or another base) restarts the paging from it.
  useEffect(() => {
    setOlder([])
    setNext(page?.next ?? null)
    more.clearError()
  }, [page])

  const entries = page ? [...page.entries, ...older] : []
  return (
    <section className="history" aria-labelledby="history-heading">
      <h2 id="history-heading" className="section-title">
        {t('history.title')} {first.loading && page ? <Spinner inline /> : null}
      </h2>
      <p className="muted">{t('history.explain')}</p>
      {first.error && !page ? (
        <ErrorNotice error={first.error} context={t('history.loading')} onRetry={first.reload} />
      ) : null}
      {!page && !first.error ? <Skeleton lines={8} /> : null}
      {page && entries.length === 0 ? (
        <EmptyState icon={<History size={40} />} title={t('history.empty')} />
      ) : null}
      {entries.length > 0 ? (
        <ol className="history-list">
          {entries.map((e) => (
            <HistoryEntryView key={e.commit} base={base} entry={e} />
          ))}
        </ol>
      ) : null}
      {more.error ? <ErrorNotice error={more.error} context={t('history.loadingMore')} compact /> : null}
      {next ? (
        <p>
          <Button onClick={() => void more.run(next)} disabled={more.busy} testId="history-more">
            {more.busy ? t('history.loadingMore') : t('history.more')}
          </Button>
        </p>
      ) : page && entries.length > 0 ? (
        <p className="muted">{t('history.end')}</p>
      ) : null}
    </section>
  )
}
