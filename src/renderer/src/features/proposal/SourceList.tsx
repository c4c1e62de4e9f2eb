import { ExternalLink } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useUi } from '../../stores/ui'

/** A proposal's sources as written: full text, nothing followed until the manager asks. */
export function SourceList({ sources }: { sources: string[] }): React.JSX.Element {
  const { t } = useTranslation()
  const setPendingLink = useUi((s) => s.setPendingLink)
  if (sources.length === 0) return <p className="muted">{t('proposal.noSources')}</p>
  return (
    <ul className="source-list">
      {sources.map((s, i) => (
        <li key={i}>
          <code className="source-text">{s}</code>
          {/^https?:\/\//i.test(s) ? (
            <button
              type="button"
              className="button button-small button-ghost"
              onClick={() => setPendingLink(s)}
              aria-label={t('proposal.openSource', { url: s })}
            >
              <ExternalLink aria-hidden="true" size={14} /> {t('proposal.open')}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
