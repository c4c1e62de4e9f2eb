import { FolderOpen, GitBranch, Info, KeyRound } from 'lucide-react'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import type { HubApiError } from '../../../../shared/hub-api'
import { hub, hubClient } from '../../api/hub'
import { useAction } from '../../hooks/useAction'
import { errorWords } from '../../lib/error-words'
import type { ImportField } from './import-errors'
import { useImport, type ImportForm } from './import-store'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Field } from '../../ui/Field'
import { StepHeading } from './StepHeading'
import { Button } from '../../ui/Button'

const URL_RE = /^https?:\/\/\S+$/i

type FieldRefs = Record<ImportField, RefObject<HTMLInputElement | null>>

/** What the form says of the source before anything is sent: missing, or not an address. */
function useSourceProblem(form: ImportForm): string | null {
  const { t } = useTranslation()
  const source = form.kind === 'url' ? form.url.trim() : form.folder.trim()
  if (source === '')
    return t(form.kind === 'url' ? 'import.source.urlMissing' : 'import.source.folderMissing')
  return form.kind === 'url' && !URL_RE.test(source) ? t('import.source.urlInvalid') : null
}

/** The engine's refusal, worded under the field it points at (none elsewhere). */
function useRefusal(): (f: ImportField) => string | null {
  const { t } = useTranslation()
  const failure = useImport((s) => s.failure)
  return (f) =>
    failure?.field === f
      ? failure.error.kind
        ? errorWords(failure.error, t).title
        : t(`import.failure.${failure.kind}.title`)
      : null
}

/** The native folder picker (desktop app only), its busy state and its failure. */
function useFolderPicker(): { pick: () => void; picking: boolean; pickError: HubApiError | null } {
  const setForm = useImport((s) => s.setForm)
  const picking = useAction(async () => {
    const dir = await hub().pickDirectory()
    if (dir) setForm({ folder: dir })
  })
  return { pick: () => void picking.run(), picking: picking.busy, pickError: picking.error }
}

/** Step 1: where the base comes from — a git address or a folder — and the optional details. */
export function ImportSourceStep(): React.JSX.Element {
  const { t } = useTranslation()
  const { form, start, notice, failure } = useImport()
  const [touched, setTouched] = useState(false)
  const refs: FieldRefs = {
    source: useRef<HTMLInputElement>(null),
    branch: useRef<HTMLInputElement>(null),
    token: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null)
  }
  const field: ImportField | null = failure?.field ?? null
  const sourceProblem = useSourceProblem(form)

  // Back from a refusal: the field to correct has the focus.
  useEffect(() => {
    if (field) refs[field].current?.focus()
  }, [failure])

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
        <SourceKindChoice />
        {form.kind === 'url' ? (
          <UrlField inputRef={refs.source} problem={touched ? sourceProblem : null} />
        ) : (
          <FolderField inputRef={refs.source} problem={touched ? sourceProblem : null} />
        )}
        <DetailFields refs={refs} />
        <div className="wizard-actions">
          <Button type="submit" look="primary" testId="import-start">
            {t('import.source.start')}
          </Button>
          <p className="hint">{t('import.source.startHint')}</p>
        </div>
      </form>
    </section>
  )
}

function SourceKindChoice(): React.JSX.Element {
  const { t } = useTranslation()
  const { form, setForm } = useImport()
  return (
    <fieldset className="source-kind">
      <legend>{t('import.source.kind')}</legend>
      <div className="radio-row">
        {(['url', 'folder'] as const).map((kind) => (
          <label key={kind} className="radio">
            <input
              type="radio"
              name="import-kind"
              value={kind}
              checked={form.kind === kind}
              onChange={() => setForm({ kind })}
              data-testid={`import-kind-${kind}`}
            />
            {t(kind === 'url' ? 'import.source.kindUrl' : 'import.source.kindFolder')}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

interface SourceFieldProps {
  inputRef: RefObject<HTMLInputElement | null>
  /** The form's own check, once the manager tried to start. */
  problem: string | null
}

function UrlField({ inputRef, problem }: SourceFieldProps): React.JSX.Element {
  const { t } = useTranslation()
  const { form, setForm } = useImport()
  return (
    <Field
      label={t('import.source.url')}
      marker={t('common.required')}
      hint={t('import.source.urlHint')}
      problem={problem}
      error={useRefusal()('source')}
      errorTestId="import-source-refused"
    >
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          className="input input-mono"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={form.url}
          placeholder="https://git.example.org/team/base.git"
          onChange={(e) => setForm({ url: e.target.value })}
          data-testid="import-url"
        />
      )}
    </Field>
  )
}

function FolderField({ inputRef, problem }: SourceFieldProps): React.JSX.Element {
  const { t } = useTranslation()
  const { form, setForm } = useImport()
  const desktop = hubClient().transport === 'electron'
  const { pick, picking, pickError } = useFolderPicker()
  return (
    <Field
      label={t('import.source.folder')}
      marker={t('common.required')}
      hint={desktop ? t('import.source.folderHintDesktop') : t('import.source.folderHintWeb')}
      problem={problem}
      error={useRefusal()('source')}
      errorTestId="import-source-refused"
      footer={pickError ? <ErrorNotice error={pickError} context={t('import.source.pick')} compact /> : null}
    >
      {(control) => (
        <div className="field-row">
          <input
            {...control}
            ref={inputRef}
            className="input input-mono"
            autoComplete="off"
            spellCheck={false}
            value={form.folder}
            placeholder={t('import.source.folderPlaceholder')}
            onChange={(e) => setForm({ folder: e.target.value })}
            data-testid="import-folder"
          />
          {desktop ? (
            <Button icon={FolderOpen} onClick={pick} disabled={picking} testId="import-pick">
              {t('import.source.pick')}
            </Button>
          ) : null}
        </div>
      )}
    </Field>
  )
}

/** The optional details: branch, token (addresses only), the base's name. */
function DetailFields({ refs }: { refs: FieldRefs }): React.JSX.Element {
  const { t } = useTranslation()
  const { form, setForm } = useImport()
  const refusal = useRefusal()
  const detail = (
    f: Exclude<ImportField, 'source'>,
    label: React.ReactNode,
    extra: { type?: string; placeholder?: string } = {}
  ): React.JSX.Element => (
    <Field
      label={label}
      marker={t('import.optional')}
      hint={t(`import.source.${f}Hint`)}
      error={refusal(f)}
      errorTestId={`import-${f}-refused`}
    >
      {(control) => (
        <input
          {...control}
          {...extra}
          ref={refs[f]}
          className="input input-mono"
          autoComplete="off"
          spellCheck={false}
          value={form[f]}
          onChange={(e) => setForm({ [f]: e.target.value })}
          data-testid={`import-${f}`}
        />
      )}
    </Field>
  )
  return (
    <>
      {detail(
        'branch',
        <>
          <GitBranch aria-hidden="true" size={14} /> {t('import.source.branch')}
        </>,
        { placeholder: 'main' }
      )}
      {form.kind === 'url'
        ? detail(
            'token',
            <>
              <KeyRound aria-hidden="true" size={14} /> {t('import.source.token')}
            </>,
            { type: 'password' }
          )
        : null}
      {detail('name', t('import.source.name'))}
    </>
  )
}
