import { ArrowRight, FilePlus2, FileText, GitCommitHorizontal } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { previewWarnings } from './preview-notes'
import type { HubApiError, PreviewResult } from '../../../../../shared/hub-api'
import { useUi } from '../../../stores/ui'
import { ErrorNotice } from '../../../ui/ErrorNotice'
import { DiffModeToggle } from '../../../ui/DiffModeToggle'
import { DiffFileSection, FileDiff } from '../../../ui/FileDiff'
import { StalenessWarnings } from './StalenessWarnings'
import { StalePreviewNotice } from './StalePreviewNotice'
import { Notice } from '../../../ui/Notice'
import { Button } from '../../../ui/Button'
import { Folded } from '../../../ui/Folded'

interface Props {
  result: PreviewResult
  /** The plan changed since this preview. */
  outdated: boolean
  count: number
  /** A new preview is being computed: the one shown is about to be replaced, so it cannot be resolved. */
  previewing: boolean
  resolving: boolean
  resolveError: HubApiError | null
  onResolve(): void
  onPreview(): void
}

/** Everything the resolution will write, before it is written; then the one button that writes it. */
export function PreviewPanel({
  result,
  outdated,
  count,
  previewing,
  resolving,
  resolveError,
  onResolve,
  onPreview
}: Props): React.JSX.Element {
  const { t } = useTranslation()
  const { preview, staleness } = result
  // A new preview is brought into view: it is what the manager asked to see.
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'start' })
  }, [result])
  return (
    <section ref={ref} className="preview" aria-labelledby="preview-title" data-testid="plan-preview">
      <header className="preview-header">
        <h2 id="preview-title">{t('plan.preview.title')}</h2>
        <p className="muted">{t('plan.preview.nothingYet')}</p>
      </header>

      {outdated ? <OutdatedNotice onPreview={onPreview} /> : null}

      <StalenessWarnings warnings={staleness} />

      {preview.warnings.length > 0 ? <PreviewWarnings preview={preview} /> : null}

      <PreviewSummary preview={preview} />

      <CommitBox message={preview.commitMessage} />

      <PreviewFiles preview={preview} />

      <ResolveBar
        count={count}
        outdated={outdated}
        previewing={previewing}
        resolving={resolving}
        resolveError={resolveError}
        onResolve={onResolve}
        onPreview={onPreview}
      />
    </section>
  )
}

/** Each file the resolution writes, with its diff; then the proposal files it moves, folded. */
function PreviewFiles({ preview }: { preview: PreviewResult['preview'] }): React.JSX.Element {
  const { t } = useTranslation()
  const mode = useUi((s) => s.diffMode)
  return (
    <>
      <div className="diff-toolbar">
        <h3>{t('plan.preview.changes', { count: preview.files.length })}</h3>
        <DiffModeToggle />
      </div>
      {preview.files.length === 0 ? <p className="muted">{t('plan.preview.noFiles')}</p> : null}
      {preview.files.map((f) => (
        <DiffFileSection
          key={f.path}
          id={`diff-${f.path}`}
          testId={`diff-file-${f.path}`}
          label={f.path}
          header={
            <>
              <code>{f.path}</code>
              {f.created ? <span className="badge badge-success">{t('plan.preview.new')}</span> : null}
            </>
          }
        >
          <FileDiff diff={f.diff} created={f.created} mode={mode} />
        </DiffFileSection>
      ))}

      <Folded
        className="moves-diffs"
        summary={t('plan.preview.proposalFiles', { count: preview.moves.length })}
      >
        {() =>
          preview.moves.map((m) => (
            <DiffFileSection
              key={m.id}
              testId={`diff-move-${m.id}`}
              label={m.to}
              header={
                <>
                  <code>{m.from}</code> <ArrowRight aria-hidden="true" size={12} /> <code>{m.to}</code>
                </>
              }
            >
              <FileDiff diff={m.diff} created={false} mode={mode} />
            </DiffFileSection>
          ))
        }
      </Folded>
    </>
  )
}

/** The commit message the resolution will write, exactly. */
function CommitBox({ message }: { message: string }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <div className="commit-box">
      <h3>
        <GitCommitHorizontal aria-hidden="true" size={16} /> {t('plan.preview.commitMessage')}
      </h3>
      <p className="hint">{t('plan.preview.commitHint')}</p>
      <pre className="code-block commit-message" data-testid="commit-message">
        {message}
      </pre>
    </div>
  )
}

/** The plan changed since this preview: preview again. */
function OutdatedNotice({ onPreview }: { onPreview(): void }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <Notice tone="warning" role="alert" testId="preview-outdated" title={t('plan.preview.outdated')}>
      <Button look="small" onClick={onPreview}>
        {t('plan.preview.again')}
      </Button>
    </Notice>
  )
}

/** The engine's warnings, worded from its notes. */
function PreviewWarnings({ preview }: { preview: PreviewResult['preview'] }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <Notice
      tone="warning"
      testId="preview-warnings"
      title={t('plan.preview.warnings', { count: preview.warnings.length })}
    >
      <ul className="plain-list">
        {previewWarnings(t, preview).map((w, i) => (
          <li key={i} className={w.engine ? 'engine-text' : undefined}>
            {w.text}
          </li>
        ))}
      </ul>
    </Notice>
  )
}

/** What happens: each proposal's move, each file created or edited (a link to its diff). */
function PreviewSummary({ preview }: { preview: PreviewResult['preview'] }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <div className="preview-summary">
      <h3>{t('plan.preview.whatHappens')}</h3>
      <ul className="plain-list moves">
        {preview.moves.map((m) => (
          <li key={m.id}>
            <span className={`badge ${m.resolution === 'accepted' ? 'badge-success' : 'badge-danger'}`}>
              {m.resolution === 'accepted' ? t('plan.preview.accepted') : t('plan.preview.rejected')}
            </span>{' '}
            <code>{m.id}</code>{' '}
            <span className="muted">
              <code>{m.from}</code> <ArrowRight aria-label={t('plan.preview.movesTo')} size={12} />{' '}
              <code>{m.to}</code>
            </span>
            {m.resolution === 'accepted' && m.integratedInto && m.integratedInto.length > 0 ? (
              <div className="muted">
                {t('plan.preview.integratedInto', { paths: m.integratedInto.join(', ') })}
              </div>
            ) : null}
            {m.resolution === 'rejected' && m.reason ? (
              <div className="muted">{t('plan.preview.reason', { reason: m.reason })}</div>
            ) : null}
          </li>
        ))}
        {preview.files.map((f) => (
          <li key={f.path}>
            {f.created ? (
              <FilePlus2 aria-hidden="true" size={14} />
            ) : (
              <FileText aria-hidden="true" size={14} />
            )}{' '}
            {f.created ? t('plan.preview.creates') : t('plan.preview.edits')}{' '}
            <a
              href={`#diff-${f.path}`}
              onClick={(e) => {
                e.preventDefault()
                document.getElementById(`diff-${f.path}`)?.scrollIntoView({ block: 'start' })
              }}
            >
              <code>{f.path}</code>
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Why the resolve was refused (a stale preview says what moved), then the one button that writes. */
function ResolveBar(props: {
  count: number
  outdated: boolean
  previewing: boolean
  resolving: boolean
  resolveError: HubApiError | null
  onResolve(): void
  onPreview(): void
}): React.JSX.Element {
  const { t } = useTranslation()
  const { count, outdated, previewing, resolving, resolveError, onResolve, onPreview } = props
  return (
    <div className="resolve-bar">
      {resolveError?.kind === 'stale-preview' ? (
        <StalePreviewNotice error={resolveError} onPreview={onPreview} />
      ) : resolveError ? (
        <ErrorNotice error={resolveError} context={t('plan.resolveFailed')} />
      ) : null}
      <Button
        look="primary large"
        disabled={outdated || previewing || resolving || resolveError?.kind === 'stale-preview'}
        onClick={onResolve}
        aria-describedby="resolve-hint"
        testId="resolve-button"
      >
        <GitCommitHorizontal aria-hidden="true" size={18} />
        {resolving ? t('plan.resolving') : t('plan.resolveCount', { count })}
      </Button>
      <p id="resolve-hint" className="hint">
        {previewing ? t('plan.previewing') : outdated ? t('plan.preview.outdated') : t('plan.resolveHint')}
      </p>
    </div>
  )
}
