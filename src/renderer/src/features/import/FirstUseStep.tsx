import { Eye, FileCode, ShieldAlert, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { splitFrontmatter } from '../../lib/markdown'
import { useImport } from './import-store'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Markdown } from '../../ui/Markdown'
import { StepHeading } from './StepHeading'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

/** One untrusted markdown file of the staged base: rendered sanitised, or its raw text. */
function UntrustedFile({
  file,
  text,
  testId
}: {
  file: string
  text: string
  testId: string
}): React.JSX.Element {
  const { t } = useTranslation()
  const [raw, setRaw] = useState(false)
  const headingId = useId()
  const parts = splitFrontmatter(text)
  return (
    <section className="first-use-file" aria-labelledby={headingId} data-testid={testId}>
      <header className="first-use-file-header">
        <h3 id={headingId}>
          <code>{file}</code>
        </h3>
        <div className="segmented" role="group" aria-label={t('import.review.showAs', { file })}>
          <button
            type="button"
            className={`segment${raw ? '' : ' is-active'}`}
            aria-pressed={!raw}
            onClick={() => setRaw(false)}
            data-testid={`${testId}-rendered`}
          >
            <Eye aria-hidden="true" size={14} /> {t('import.review.rendered')}
          </button>
          <button
            type="button"
            className={`segment${raw ? ' is-active' : ''}`}
            aria-pressed={raw}
            onClick={() => setRaw(true)}
            data-testid={`${testId}-raw`}
          >
            <FileCode aria-hidden="true" size={14} /> {t('import.review.raw')}
          </button>
        </div>
      </header>
      <div className="first-use-text">
        {raw ? (
          <pre className="code-block" tabIndex={0} aria-label={file} data-testid={`${testId}-text`}>
            <code>{text}</code>
          </pre>
        ) : (
          <div data-testid={`${testId}-text`}>
            {parts.frontmatter ? <pre className="code-block code-small">{parts.frontmatter}</pre> : null}
            <Markdown source={parts.body} />
          </div>
        )}
      </div>
    </section>
  )
}

/**
 * Step 4, mandatory: the manifest, GOVERNANCE.md and CLAUDE.md the base brings, read before any
 * agent receives them (SPEC §8). Serving waits for the manager's explicit acknowledgement.
 */
export function FirstUseStep(): React.JSX.Element | null {
  const { t } = useTranslation()
  const { result, confirm, busy, actionError } = useImport()
  const [read, setRead] = useState(false)
  if (!result) return null
  return (
    <section className="wizard-panel" aria-labelledby="import-review-heading">
      <StepHeading id="import-review-heading" testId="import-step-review">
        {t('import.review.title', { base: result.base })}
      </StepHeading>
      <Notice
        tone="warning"
        icon={ShieldAlert}
        strong
        testId="first-use-explain"
        title={t('import.review.whyTitle')}
      >
        <p>{t('import.review.why')}</p>
        <p>{t('import.review.untrusted')}</p>
      </Notice>

      <ManifestFile text={result.manifest} />
      <UntrustedFile file="GOVERNANCE.md" text={result.governance} testId="first-use-governance" />
      {result.claude !== null ? (
        <UntrustedFile file="CLAUDE.md" text={result.claude} testId="first-use-claude" />
      ) : (
        <section className="first-use-file" data-testid="first-use-claude">
          <h3>
            <code>CLAUDE.md</code>
          </h3>
          <p className="muted">{t('import.review.noClaude')}</p>
        </section>
      )}

      <div className="first-use-confirm">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={read}
            onChange={(e) => setRead(e.target.checked)}
            data-testid="first-use-read"
          />
          <span>{t('import.review.read', { base: result.base })}</span>
        </label>
        {actionError ? (
          <ErrorNotice error={actionError} context={t('import.review.serving')} compact />
        ) : null}
        <div className="wizard-actions">
          <Button
            look="primary"
            onClick={() => void confirm()}
            disabled={!read || busy}
            aria-describedby="first-use-serve-hint"
            testId="import-serve"
          >
            {busy ? t('import.review.serving') : t('import.review.serve')}
          </Button>
          <DiscardImportButton />
        </div>
        <p id="first-use-serve-hint" className="hint">
          {read ? t('import.review.serveHint') : t('import.review.readFirst')}
        </p>
      </div>
    </section>
  )
}

/** The manifest as the base brings it, as plain text: the name, description and paths agents will be told. */
function ManifestFile({ text }: { text: string }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <section className="first-use-file" aria-labelledby="first-use-manifest" data-testid="first-use-manifest">
      <header className="first-use-file-header">
        <h3 id="first-use-manifest">
          <code>okf-bundle.yaml</code>
        </h3>
        <span className="muted">{t('import.review.manifestHint')}</span>
      </header>
      <pre
        className="code-block"
        tabIndex={0}
        aria-label="okf-bundle.yaml"
        data-testid="first-use-manifest-text"
      >
        <code>{text.trimEnd()}</code>
      </pre>
    </section>
  )
}

/** Discard the staged import (nothing was published): shared by the check and the first-use steps. */
export function DiscardImportButton(): React.JSX.Element {
  const { t } = useTranslation()
  const discard = useImport((s) => s.discard)
  const busy = useImport((s) => s.busy)
  return (
    <Button
      look="danger"
      icon={Trash2}
      onClick={() => void discard()}
      disabled={busy}
      testId="import-discard"
    >
      {t('import.review.discard')}
    </Button>
  )
}
