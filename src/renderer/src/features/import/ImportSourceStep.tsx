import { FolderOpen, GitBranch, Info, KeyRound } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { HubApiError } from '../../../../shared/hub-api'
import { hub, hubClient } from '../../api/hub'
import { toHubApiError } from '../../api/errors'
import { errorWords } from '../../lib/error-words'
import type { ImportField } from './import-errors'
import { useImport } from './import-store'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { StepHeading } from './StepHeading'

const URL_RE = /^https?:\/\/\S+$/i

/** Step 1: where the base comes from — a git address or a folder — and the optional details. */
export function ImportSourceStep(): React.JSX.Element {
  const { t } = useTranslation()
  const { form, setForm, start, notice, failure } = useImport()
  const desktop = hubClient().transport === 'electron'
  const [picking, setPicking] = useState(false)
  const [pickError, setPickError] = useState<HubApiError | null>(null)
  const [touched, setTouched] = useState(false)
  const refs = {
    source: useRef<HTMLInputElement>(null),
    branch: useRef<HTMLInputElement>(null),
    token: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null)
  }
  const field: ImportField | null = failure?.field ?? null

  // Back from a refusal: the field to correct has the focus.
  useEffect(() => {
    if (field) refs[field].current?.focus()
  }, [failure])

  const source = form.kind === 'url' ? form.url.trim() : form.folder.trim()
  const sourceProblem =
    source === ''
      ? t(form.kind === 'url' ? 'import.source.urlMissing' : 'import.source.folderMissing')
      : form.kind === 'url' && !URL_RE.test(source)
        ? t('import.source.urlInvalid')
        : null

  const pick = async (): Promise<void> => {
    setPicking(true)
    setPickError(null)
    try {
      const dir = await hub().pickDirectory()
      if (dir) setForm({ folder: dir })
    } catch (e) {
      setPickError(toHubApiError(e))
    } finally {
      setPicking(false)
    }
  }

  const failedHint = (f: ImportField): React.JSX.Element | null =>
    field === f && failure ? (
      <p id={`import-${f}-refused`} className="hint hint-error" data-testid={`import-${f}-refused`}>
        {failure.error.kind ? errorWords(failure.error, t).title : t(`import.failure.${failure.kind}.title`)}
      </p>
    ) : null
  const describedBy = (f: ImportField, hint: string): string =>
    field === f ? `${hint} import-${f}-refused` : hint

  return (
    <section className="wizard-panel" aria-labelledby="import-source-heading">
      <StepHeading id="import-source-heading" testId="import-step-source" focus={!failure?.field}>
        {t('import.source.title')}
      </StepHeading>
      <p className="muted">{t('import.source.explain')}</p>
      {notice ? (
        <div className="notice notice-info notice-compact" role="status" data-testid={`import-${notice}`}>
          <Info aria-hidden="true" size={18} className="notice-icon" />
          <p>{t(`import.notices.${notice}`)}</p>
        </div>
      ) : null}
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          setTouched(true)
          if (sourceProblem) {
            refs.source.current?.focus()
            return
          }
          void start()
        }}
      >
        <fieldset className="source-kind">
          <legend>{t('import.source.kind')}</legend>
          <div className="radio-row">
            <label className="radio">
              <input
                type="radio"
                name="import-kind"
                value="url"
                checked={form.kind === 'url'}
                onChange={() => setForm({ kind: 'url' })}
                data-testid="import-kind-url"
              />
              {t('import.source.kindUrl')}
            </label>
            <label className="radio">
              <input
                type="radio"
                name="import-kind"
                value="folder"
                checked={form.kind === 'folder'}
                onChange={() => setForm({ kind: 'folder' })}
                data-testid="import-kind-folder"
              />
              {t('import.source.kindFolder')}
            </label>
          </div>
        </fieldset>

        {form.kind === 'url' ? (
          <div className="field">
            <label htmlFor="import-url">
              {t('import.source.url')} <span className="required">{t('common.required')}</span>
            </label>
            <input
              id="import-url"
              ref={refs.source}
              className="input input-mono"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={form.url}
              placeholder="https://git.example.org/team/base.git"
              onChange={(e) => setForm({ url: e.target.value })}
              aria-invalid={(touched && sourceProblem !== null) || field === 'source' ? true : undefined}
              aria-describedby={describedBy('source', 'import-url-hint')}
              data-testid="import-url"
            />
            <p id="import-url-hint" className={touched && sourceProblem ? 'hint hint-error' : 'hint'}>
              {touched && sourceProblem ? sourceProblem : t('import.source.urlHint')}
            </p>
            {failedHint('source')}
          </div>
        ) : (
          <div className="field">
            <label htmlFor="import-folder">
              {t('import.source.folder')} <span className="required">{t('common.required')}</span>
            </label>
            <div className="field-row">
              <input
                id="import-folder"
                ref={refs.source}
                className="input input-mono"
                autoComplete="off"
                spellCheck={false}
                value={form.folder}
                placeholder={t('import.source.folderPlaceholder')}
                onChange={(e) => setForm({ folder: e.target.value })}
                aria-invalid={(touched && sourceProblem !== null) || field === 'source' ? true : undefined}
                aria-describedby={describedBy('source', 'import-folder-hint')}
                data-testid="import-folder"
              />
              {desktop ? (
                <button
                  type="button"
                  className="button"
                  onClick={() => void pick()}
                  disabled={picking}
                  data-testid="import-pick"
                >
                  <FolderOpen aria-hidden="true" size={16} /> {t('import.source.pick')}
                </button>
              ) : null}
            </div>
            <p id="import-folder-hint" className={touched && sourceProblem ? 'hint hint-error' : 'hint'}>
              {touched && sourceProblem
                ? sourceProblem
                : desktop
                  ? t('import.source.folderHintDesktop')
                  : t('import.source.folderHintWeb')}
            </p>
            {failedHint('source')}
            {pickError ? <ErrorNotice error={pickError} context={t('import.source.pick')} compact /> : null}
          </div>
        )}

        <div className="field">
          <label htmlFor="import-branch">
            <GitBranch aria-hidden="true" size={14} /> {t('import.source.branch')}{' '}
            <span className="required">{t('import.optional')}</span>
          </label>
          <input
            id="import-branch"
            ref={refs.branch}
            className="input input-mono"
            autoComplete="off"
            spellCheck={false}
            value={form.branch}
            placeholder="main"
            onChange={(e) => setForm({ branch: e.target.value })}
            aria-invalid={field === 'branch' ? true : undefined}
            aria-describedby={describedBy('branch', 'import-branch-hint')}
            data-testid="import-branch"
          />
          <p id="import-branch-hint" className="hint">
            {t('import.source.branchHint')}
          </p>
          {failedHint('branch')}
        </div>

        {form.kind === 'url' ? (
          <div className="field">
            <label htmlFor="import-token">
              <KeyRound aria-hidden="true" size={14} /> {t('import.source.token')}{' '}
              <span className="required">{t('import.optional')}</span>
            </label>
            <input
              id="import-token"
              ref={refs.token}
              className="input input-mono"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={form.token}
              onChange={(e) => setForm({ token: e.target.value })}
              aria-invalid={field === 'token' ? true : undefined}
              aria-describedby={describedBy('token', 'import-token-hint')}
              data-testid="import-token"
            />
            <p id="import-token-hint" className="hint">
              {t('import.source.tokenHint')}
            </p>
            {failedHint('token')}
          </div>
        ) : null}

        <div className="field">
          <label htmlFor="import-name">
            {t('import.source.name')} <span className="required">{t('import.optional')}</span>
          </label>
          <input
            id="import-name"
            ref={refs.name}
            className="input input-mono"
            autoComplete="off"
            spellCheck={false}
            value={form.name}
            onChange={(e) => setForm({ name: e.target.value })}
            aria-invalid={field === 'name' ? true : undefined}
            aria-describedby={describedBy('name', 'import-name-hint')}
            data-testid="import-name"
          />
          <p id="import-name-hint" className="hint">
            {t('import.source.nameHint')}
          </p>
          {failedHint('name')}
        </div>

        <div className="wizard-actions">
          <button type="submit" className="button button-primary" data-testid="import-start">
            {t('import.source.start')}
          </button>
          <p className="hint">{t('import.source.startHint')}</p>
        </div>
      </form>
    </section>
  )
}
