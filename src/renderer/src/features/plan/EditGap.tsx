import { SearchX } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/**
 * Beside a document written from a knowledge gap: what agents asked and could not find. Their
 * queries are untrusted text, shown as text (never markdown, never links).
 */
export function EditGap({ gap }: { gap: { id: string; queries: string[] } }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <aside className="edit-proposal edit-gap" aria-label={t('insights.beside.title')} data-testid="edit-gap">
      <h4 className="edit-proposal-title">
        <SearchX aria-hidden="true" size={14} /> {t('insights.beside.title')}
      </h4>
      <p className="hint">{t('insights.beside.hint')}</p>
      <ul className="gap-queries">
        {gap.queries.map((q) => (
          <li key={q} data-testid="edit-gap-query">
            {q}
          </li>
        ))}
      </ul>
    </aside>
  )
}
