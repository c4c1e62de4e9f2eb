import { GitCommitHorizontal, Inbox, Scale, Wrench } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { CommitKind } from '../../../../shared/hub-api'

const ICONS = { submission: Inbox, resolution: Scale, reconcile: Wrench, other: GitCommitHorizontal }

/** Submission, resolution, reconcile repair or any other commit, as an icon (its name is written beside it). */
export function CommitKindIcon({ kind }: { kind: CommitKind }): React.JSX.Element {
  const { t } = useTranslation()
  const Icon = ICONS[kind]
  return (
    <span className={`commit-kind commit-kind-${kind}`} title={t(`history.kinds.${kind}`)} aria-hidden="true">
      <Icon size={16} />
    </span>
  )
}
