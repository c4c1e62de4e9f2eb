import { Eye, GitCommitHorizontal, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type {
  GovernanceEdit,
  GovernanceEditPreview,
  GovernanceEditResult,
  GovernanceView,
  HubApiError
} from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { toHubApiError } from '../../api/errors'
import { useSettings } from '../../stores/settings'
import { useUi } from '../../stores/ui'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { LocalChangesLink } from '../local-changes/LocalChangesLink'
import { DiffModeToggle } from '../../ui/DiffModeToggle'
import { FileDiff } from '../../ui/FileDiff'
import { MarkdownEditor } from '../plan/MarkdownEditor'
import { reviewerShown, reviewerValue } from '../../lib/reviewer'
import { Field } from '../../ui/Field'

interface Props {
  base: string
  governance: GovernanceView
  title: string
  description: string
  onCancel(): void
  onCommitted(result: GovernanceEditResult): void
}

/**
 * The governance edited in the app (issue 25 §3): the rules in the plan editor's code editor, their
 * status (draft / stable), the schema, the base's title and description; only what changed is
 * sent. Preview shows the engine's diffs and the exact commit message; Commit writes that preview
 * (its `basis`) in one commit with the reviewer's trailer — any edit after the preview asks for a
 * new one.
 */
export function GovernanceEditor({
  base,
  governance: g,
  title: initialTitle,
  description: initialDescription,
  onCancel,
  onCommitted
}: Props): React.JSX.Element {
  const { t } = useTranslation()
  const mode = useUi((s) => s.diffMode)
  const storedReviewer = useSettings((s) => s.settings?.reviewer ?? '')
  const [rules, setRules] = useState(g.rulesText)
  const [draft, setDraft] = useState(g.draft)
  const [schema, setSchema] = useState(g.schema?.text ?? '')
  const [title, setTitle] = useState(initialTitle)
  const [description, setDescription] = useState(initialDescription)
  const [summary, setSummary] = useState('')
  const [reviewer, setReviewer] = useState(storedReviewer)
  const [preview, setPreview] = useState<GovernanceEditPreview | null>(null)
  const [busy, setBusy] = useState<'preview' | 'commit' | null>(null)
  const [error, setError] = useState<HubApiError | null>(null)
  const errorRef = useRef<HTMLDivElement>(null)
  // The refusal appears under the buttons, below a long rules editor: brought into view, not left
  // off-screen where the manager would think the press did nothing.
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'nearest' })
  }, [error])
  const [errorContext, setErrorContext] = useState('')

  // Any change after a preview makes it stale: the manager previews again before committing.
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T): void => {
      set(v)
      setPreview(null)
    }

  const edit = (): GovernanceEdit => {
    const e: GovernanceEdit = { reviewer: reviewer.trim() }
    if (rules !== g.rulesText) e.rulesText = rules
    if (draft !== g.draft) e.draft = draft
    if (g.schema?.text != null && schema !== g.schema.text) e.schemaText = schema
    if (title.trim() !== initialTitle) e.title = title
    if (description.trim() !== initialDescription) e.description = description
    if (summary.trim() !== '') e.summary = summary.trim()
    return e
  }

  const run = async (what: 'preview' | 'commit'): Promise<void> => {
    setBusy(what)
    setError(null)
    try {
      if (what === 'preview') setPreview(await hub().previewGovernanceEdit(base, edit()))
      else if (preview) {
        const result = await hub().commitGovernanceEdit(base, { ...edit(), basis: preview.basis })
        if (reviewer.trim() !== storedReviewer && reviewer.trim() !== '')
          await useSettings.getState().update({ reviewer: reviewer.trim() })
        onCommitted(result)
      }
    } catch (e) {
      setError(toHubApiError(e))
      setErrorContext(
        what === 'preview' ? t('governanceEdit.previewFailed') : t('governanceEdit.commitFailed')
      )
      if (what === 'commit') setPreview(null)
    } finally {
      setBusy(null)
    }
  }

  return (
    <section
      className="governance-editor"
      data-testid="governance-editor"
      aria-label={t('governanceEdit.editLabel')}
    >
      <p className="muted">{t('governanceEdit.explain')}</p>
      <fieldset className="governance-status" data-testid="governance-status">
        <legend>{t('governanceEdit.status')}</legend>
        <label>
          <input
            type="radio"
            name="governance-status"
            checked={draft}
            onChange={() => changed(setDraft)(true)}
            data-testid="governance-status-draft"
          />
          <span>
            <strong>{t('governanceEdit.draft')}</strong>{' '}
            <span className="hint">{t('governanceEdit.draftHint')}</span>
          </span>
        </label>
        <label>
          <input
            type="radio"
            name="governance-status"
            checked={!draft}
            onChange={() => changed(setDraft)(false)}
            data-testid="governance-status-stable"
          />
          <span>
            <strong>{t('governanceEdit.stable')}</strong>{' '}
            <span className="hint">{t('governanceEdit.stableHint')}</span>
          </span>
        </label>
      </fieldset>

      <div className="governance-edit-grid">
        <div className="field">
          <span className="label" id="governance-rules-label">
            {t('governanceEdit.rules', { file: g.rulesFile })}
          </span>
          <MarkdownEditor
            value={rules}
            onChange={changed(setRules)}
            label={t('governanceEdit.rules', { file: g.rulesFile })}
            testId="governance-rules-editor"
            minHeight="320px"
            // Grows with the rules: CodeMirror's own scroller is a region the keyboard cannot focus (axe).
            maxHeight={null}
          />
        </div>
        <div className="nogit-panel">
          <Field label={t('governanceEdit.baseTitle')} describedBy="governance-description-hint">
            {(control) => (
              <input
                {...control}
                className="input"
                value={title}
                maxLength={100}
                onChange={(e) => changed(setTitle)(e.target.value.replace(/[\r\n\t]/g, ' '))}
                data-testid="governance-title"
              />
            )}
          </Field>
          <Field
            id="governance-description"
            label={t('governanceEdit.description')}
            hint={t('governanceEdit.identityHint')}
          >
            {(control) => (
              <textarea
                {...control}
                className="input"
                rows={4}
                value={description}
                maxLength={500}
                onChange={(e) => changed(setDescription)(e.target.value.replace(/[\r\n\t]/g, ' '))}
                data-testid="governance-description"
              />
            )}
          </Field>
          {g.schema && g.schema.text !== null ? (
            <Field label={t('governanceEdit.schema', { file: g.schema.file })}>
              {(control) => (
                <textarea
                  {...control}
                  className="input input-mono"
                  rows={14}
                  spellCheck={false}
                  value={schema}
                  onChange={(e) => changed(setSchema)(e.target.value)}
                  data-testid="governance-schema"
                />
              )}
            </Field>
          ) : null}
        </div>
      </div>

      <div className="commit-fields">
        <Field
          className="field-grow"
          label={t('governanceEdit.summary')}
          hint={t('governanceEdit.summaryHint')}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              value={summary}
              maxLength={200}
              onChange={(e) => changed(setSummary)(e.target.value.replace(/[\r\n]/g, ' '))}
              data-testid="governance-summary"
            />
          )}
        </Field>
        <Field
          label={t('governanceEdit.reviewer')}
          marker={t('common.required')}
          hint={t('governanceEdit.reviewerHint')}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              value={reviewerShown(reviewer)}
              placeholder="alice"
              onChange={(e) => changed(setReviewer)(reviewerValue(e.target.value))}
              data-testid="governance-reviewer"
            />
          )}
        </Field>
      </div>

      <div className="nogit-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => void run('preview')}
          disabled={busy !== null}
          data-testid="governance-preview"
        >
          <Eye aria-hidden="true" size={16} />{' '}
          {busy === 'preview' ? t('governanceEdit.previewing') : t('governanceEdit.preview')}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel} disabled={busy !== null}>
          <X aria-hidden="true" size={16} /> {t('governanceEdit.cancel')}
        </button>
      </div>
      <div ref={errorRef}>{error ? <ErrorNotice error={error} context={errorContext} /> : null}</div>
      <LocalChangesLink base={base} error={error} />

      {preview ? (
        <section
          className="preview nogit-panel"
          aria-labelledby="governance-preview-title"
          data-testid="governance-edit-preview"
        >
          <h3 id="governance-preview-title">{t('governanceEdit.previewTitle')}</h3>
          <h4>{t('governanceEdit.commitMessage')}</h4>
          <pre className="code-block commit-message" data-testid="governance-commit-message">
            {preview.commitMessage}
          </pre>
          <div className="diff-toolbar">
            <span />
            <DiffModeToggle />
          </div>
          {preview.files.map((f) => (
            <section
              key={f.path}
              className="diff-file"
              data-testid={`governance-diff-${f.path}`}
              aria-label={f.path}
            >
              <header className="diff-file-header">
                <code>{f.path}</code>
              </header>
              <FileDiff diff={f.diff} created={false} mode={mode} />
            </section>
          ))}
          <div className="resolve-bar">
            <button
              type="button"
              className="button button-primary"
              onClick={() => void run('commit')}
              disabled={busy !== null}
              data-testid="governance-commit"
            >
              <GitCommitHorizontal aria-hidden="true" size={16} />{' '}
              {busy === 'commit' ? t('governanceEdit.committing') : t('governanceEdit.commit')}
            </button>
          </div>
        </section>
      ) : null}
    </section>
  )
}
