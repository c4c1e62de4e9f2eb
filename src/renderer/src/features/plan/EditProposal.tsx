import { FileQuestion } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { hub } from '../../api/hub'
import { useHubQuery } from '../../hooks/useHubQuery'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Markdown } from '../../ui/Markdown'
import { SourceList } from '../proposal/SourceList'

/**
 * Beside a change, what its proposal says and on what sources: the manager writes the edit with
 * the contribution in view (untrusted text, rendered sanitised; links inert).
 */
export function EditProposal({ base, ids }: { base: string; ids: string[] }): React.JSX.Element {
  const { t } = useTranslation()
  const id = ids[0] ?? null
  const q = useHubQuery(
    () => (id ? hub().proposal(base, id) : Promise.resolve(null)),
    [base, id],
    `${base}/${id}`
  )
  const p = q.data && q.data.id === id ? q.data : null
  if (!id)
    return (
      <aside className="edit-proposal edit-proposal-none" data-testid="edit-proposal">
        <p className="hint">
          <FileQuestion aria-hidden="true" size={14} /> {t('planGuide.proposal.none')}
        </p>
      </aside>
    )
  return (
    <aside
      className="edit-proposal"
      aria-label={t('planGuide.proposal.title', { id })}
      data-testid="edit-proposal"
    >
      <h4 className="edit-proposal-title">{t('planGuide.proposal.title', { id })}</h4>
      {q.error ? <ErrorNotice error={q.error} context={t('planGuide.proposal.loading')} compact /> : null}
      {p ? (
        <>
          {p.concerns ? <p className="edit-proposal-concerns">{p.concerns}</p> : null}
          <Markdown source={p.body} base={base} className="edit-proposal-body" />
          {p.sources.length > 0 ? (
            <>
              <h5 className="edit-proposal-subtitle">{t('planGuide.proposal.sources')}</h5>
              <SourceList sources={p.sources} />
            </>
          ) : null}
        </>
      ) : !q.error ? (
        <p className="hint">{t('planGuide.proposal.loading')}…</p>
      ) : null}
    </aside>
  )
}
