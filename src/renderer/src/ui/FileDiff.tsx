import { useMemo } from 'react'
import { Decoration, Diff, Hunk, parseDiff } from 'react-diff-view'
import 'react-diff-view/style/index.css'
import { useTranslation } from 'react-i18next'
import type { DiffMode } from '../stores/ui'

/** One file's change, from the engine's unified diff (never recomputed here). */
export function FileDiff({
  diff,
  created,
  mode
}: {
  diff: string
  created: boolean
  mode: DiffMode
}): React.JSX.Element {
  const { t } = useTranslation()
  const file = useMemo(() => parseDiff(diff, { nearbySequences: 'zip' })[0] ?? null, [diff])
  if (!file || file.hunks.length === 0) return <p className="muted">{t('plan.preview.noTextChange')}</p>
  return (
    <div
      className="diff-scroll"
      tabIndex={0}
      role="region"
      aria-label={t('plan.preview.diffOf', { path: file.newPath })}
    >
      <Diff viewType={mode} diffType={created ? 'add' : file.type} hunks={file.hunks} className="diff">
        {(hunks) =>
          hunks.flatMap((h) => [
            <Decoration key={`d-${h.content}`} className="diff-hunk-header">
              {h.content}
            </Decoration>,
            <Hunk key={`h-${h.content}`} hunk={h} />
          ])
        }
      </Diff>
    </div>
  )
}

/** A file in a diff view: its header (path, badges) above its diff, or why there is none. */
export function DiffFileSection({
  label,
  testId,
  id,
  header,
  children
}: {
  label: string
  testId: string
  id?: string
  header: React.ReactNode
  children: React.ReactNode
}): React.JSX.Element {
  return (
    <section className="diff-file" id={id} data-testid={testId} aria-label={label}>
      <header className="diff-file-header">{header}</header>
      {children}
    </section>
  )
}
