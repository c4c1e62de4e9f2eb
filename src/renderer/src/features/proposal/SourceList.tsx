import { ExternalLink } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useUi } from '../../stores/ui'
import { Button } from '../../ui/Button'

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
            <Button
              look="small ghost"
              icon={ExternalLink}
              iconSize={14}
              onClick={() => setPendingLink(s)}
              aria-label={t('proposal.openSource', { url: s })}
            >
              {t('proposal.open')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
