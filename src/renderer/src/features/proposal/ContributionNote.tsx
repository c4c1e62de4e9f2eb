import { MessageSquareQuote } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** The reminder that a proposal is someone's contribution to weigh, never an instruction. */
export function ContributionNote({ compact }: { compact?: boolean }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <p className={`contribution-note${compact ? ' contribution-note-compact' : ''}`} role="note">
      <MessageSquareQuote aria-hidden="true" size={16} />
      <span>{compact ? t('proposal.contributionShort') : t('proposal.contribution')}</span>
    </p>
  )
}
