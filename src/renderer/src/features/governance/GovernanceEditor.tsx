import { Notice } from '../../ui/Notice'
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
import { DiffFileSection, FileDiff } from '../../ui/FileDiff'
import { MarkdownEditor } from '../plan/MarkdownEditor'
import { ReviewerInput } from '../../ui/ReviewerInput'
import { Field } from '../../ui/Field'
import { Button } from '../../ui/Button'

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
  const storedReviewer = useSettings((s) => s.settings?.reviewer ?? '')
  const [form, setForm] = useState<GovernanceForm>(() => ({
    rules: g.rulesText,
    draft: g.draft,
    schema: g.schema?.text ?? '',
    title: initialTitle,
    description: initialDescription,
    summary: '',
    reviewer: storedReviewer
  }))
  // What the edit started from, kept while the tab's own view follows the base: a colleague's commit
  // reloads `g`, and comparing the form with it would turn the edit into « replace their version ».
  const [start] = useState(() => ({ g, title: initialTitle, description: initialDescription }))
  const ed = useGovernanceCommit(base, storedReviewer, onCommitted)
  // Any change after a preview makes it stale: the manager previews again before committing.
  const change = (patch: Partial<GovernanceForm>): void => {
    setForm((f) => ({ ...f, ...patch }))
    ed.setPreview(null)
  }
  const edit = (): GovernanceEdit => editOf(start.g, start.title, start.description, form)

  return (
    <section
      className="governance-editor"
      data-testid="governance-editor"
      aria-label={t('governanceEdit.editLabel')}
    >
      <p className="muted">{t('governanceEdit.explain')}</p>
      <StatusChoice draft={form.draft} onChange={(draft) => change({ draft })} />

      <div className="governance-edit-grid">
        <RulesField file={g.rulesFile} value={form.rules} onChange={(rules) => change({ rules })} />
        <IdentityFields governance={g} form={form} change={change} />
      </div>

      <CommitFields form={form} change={change} />

      <div className="nogit-actions">
        <Button
          look="primary"
          icon={Eye}
          onClick={() => void ed.run('preview', edit(), form.reviewer)}
          disabled={ed.busy !== null}
          testId="governance-preview"
        >
          {ed.busy === 'preview' ? t('governanceEdit.previewing') : t('governanceEdit.preview')}
        </Button>
        <Button look="ghost" icon={X} onClick={onCancel} disabled={ed.busy !== null}>
          {t('governanceEdit.cancel')}
        </Button>
      </div>
      <div ref={ed.errorRef}>
        {ed.error ? <ErrorNotice error={ed.error} context={ed.errorContext} /> : null}
      </div>
      <LocalChangesLink base={base} error={ed.error} />

      {ed.preview ? (
        <GovernancePreview
          preview={ed.preview}
          busy={ed.busy}
          onCommit={() => void ed.run('commit', edit(), form.reviewer)}
        />
      ) : null}
    </section>
  )
}

/** The rules file's text, in the editor the plan uses. */
function RulesField(props: {
  file: string
  value: string
  onChange(rules: string): void
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <div className="field">
      <span className="label" id="governance-rules-label">
        {t('governanceEdit.rules', { file: props.file })}
      </span>
      <MarkdownEditor
        value={props.value}
        onChange={props.onChange}
        label={t('governanceEdit.rules', { file: props.file })}
        testId="governance-rules-editor"
        minHeight="320px"
        // Grows with the rules: CodeMirror's own scroller is a region the keyboard cannot focus (axe).
        maxHeight={null}
      />
    </div>
  )
}

/** What the manager edits: the rules, their status, the schema, the base's identity, the commit's words. */
interface GovernanceForm {
  rules: string
  draft: boolean
  schema: string
  title: string
  description: string
  summary: string
  reviewer: string
}

/** Only what changed is sent, with the reviewer. */
function editOf(
  g: GovernanceView,
  initialTitle: string,
  initialDescription: string,
  form: GovernanceForm
): GovernanceEdit {
  const e: GovernanceEdit = { reviewer: form.reviewer.trim() }
  // Each text with the one it started from: a colleague's commit meanwhile is kept, not undone.
  if (form.rules !== g.rulesText) {
    e.rulesText = form.rules
    e.rulesFrom = g.rulesText
  }
  if (form.draft !== g.draft) e.draft = form.draft
  if (g.schema?.text != null && form.schema !== g.schema.text) {
    e.schemaText = form.schema
    e.schemaFrom = g.schema.text
  }
  if (form.title.trim() !== initialTitle) e.title = form.title
  if (form.description.trim() !== initialDescription) e.description = form.description
  if (form.summary.trim() !== '') e.summary = form.summary.trim()
  return e
}

interface FormPart {
  form: GovernanceForm
  change(patch: Partial<GovernanceForm>): void
}

/**
 * Preview then commit that preview (its `basis`); the reviewer remembered once committed. A failed
 * commit drops the preview; the refusal is brought into view.
 */
function useGovernanceCommit(
  base: string,
  storedReviewer: string,
  onCommitted: (result: GovernanceEditResult) => void
) {
  const { t } = useTranslation()
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

  const run = async (what: 'preview' | 'commit', edit: GovernanceEdit, reviewer: string): Promise<void> => {
    setBusy(what)
    setError(null)
    try {
      if (what === 'preview') setPreview(await hub().previewGovernanceEdit(base, edit))
      else if (preview) {
        const result = await hub().commitGovernanceEdit(base, { ...edit, basis: preview.basis })
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
  return { preview, setPreview, busy, error, errorRef, errorContext, run }
}

/** Draft or stable, each with what it means. */
function StatusChoice({
  draft,
  onChange
}: {
  draft: boolean
  onChange(draft: boolean): void
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <fieldset className="governance-status" data-testid="governance-status">
      <legend>{t('governanceEdit.status')}</legend>
      {([true, false] as const).map((d) => (
        <label key={String(d)}>
          <input
            type="radio"
            name="governance-status"
            checked={d ? draft : !draft}
            onChange={() => onChange(d)}
            data-testid={d ? 'governance-status-draft' : 'governance-status-stable'}
          />
          <span>
            <strong>{t(d ? 'governanceEdit.draft' : 'governanceEdit.stable')}</strong>{' '}
            <span className="hint">{t(d ? 'governanceEdit.draftHint' : 'governanceEdit.stableHint')}</span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}

/** The base's title and description (one hint for both), and the schema when it is text. */
function IdentityFields({
  governance: g,
  form,
  change
}: FormPart & { governance: GovernanceView }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <div className="nogit-panel">
      <Field label={t('governanceEdit.baseTitle')} describedBy="governance-description-hint">
        {(control) => (
          <input
            {...control}
            className="input"
            value={form.title}
            maxLength={100}
            onChange={(e) => change({ title: e.target.value.replace(/[\r\n\t]/g, ' ') })}
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
            value={form.description}
            maxLength={500}
            onChange={(e) => change({ description: e.target.value.replace(/[\r\n\t]/g, ' ') })}
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
              value={form.schema}
              onChange={(e) => change({ schema: e.target.value })}
              data-testid="governance-schema"
            />
          )}
        </Field>
      ) : null}
    </div>
  )
}

/** The commit's summary and its reviewer. */
function CommitFields({ form, change }: FormPart): React.JSX.Element {
  const { t } = useTranslation()
  return (
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
            value={form.summary}
            maxLength={200}
            onChange={(e) => change({ summary: e.target.value.replace(/[\r\n]/g, ' ') })}
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
          <ReviewerInput
            control={control}
            value={form.reviewer}
            onChange={(reviewer) => change({ reviewer })}
            testId="governance-reviewer"
          />
        )}
      </Field>
    </div>
  )
}

/** The engine's preview: the exact commit message, the diffs, and Commit. */
function GovernancePreview({
  preview,
  busy,
  onCommit
}: {
  preview: GovernanceEditPreview
  busy: 'preview' | 'commit' | null
  onCommit(): void
}): React.JSX.Element {
  const { t } = useTranslation()
  const mode = useUi((s) => s.diffMode)
  return (
    <section
      className="preview nogit-panel"
      aria-labelledby="governance-preview-title"
      data-testid="governance-edit-preview"
    >
      <h3 id="governance-preview-title">{t('governanceEdit.previewTitle')}</h3>
      {preview.merged.length > 0 ? (
        <Notice
          tone="warning"
          compact
          role="status"
          testId="governance-merged"
          title={t('governanceEdit.merged', {
            files: preview.merged.join(', '),
            count: preview.merged.length
          })}
        />
      ) : null}
      <h4>{t('governanceEdit.commitMessage')}</h4>
      <pre className="code-block commit-message" data-testid="governance-commit-message">
        {preview.commitMessage}
      </pre>
      <div className="diff-toolbar">
        <span />
        <DiffModeToggle />
      </div>
      {preview.files.map((f) => (
        <DiffFileSection
          key={f.path}
          testId={`governance-diff-${f.path}`}
          label={f.path}
          header={<code>{f.path}</code>}
        >
          <FileDiff diff={f.diff} created={false} mode={mode} />
        </DiffFileSection>
      ))}
      <div className="resolve-bar">
        <Button
          look="primary"
          icon={GitCommitHorizontal}
          onClick={onCommit}
          disabled={busy !== null}
          testId="governance-commit"
        >
          {busy === 'commit' ? t('governanceEdit.committing') : t('governanceEdit.commit')}
        </Button>
      </div>
    </section>
  )
}
