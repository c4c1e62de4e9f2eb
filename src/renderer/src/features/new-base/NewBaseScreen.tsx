import { FilePlus2 } from 'lucide-react'
import { useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useSettings } from '../../stores/settings'
import type { HubApiError } from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { toHubApiError } from '../../api/errors'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Field } from '../../ui/Field'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { baseNameProblem, refusedCharacters, suggestName } from './base-name'
import { basePath } from '../../app/routes'
import { useBases } from '../../stores/bases'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

/**
 * A new base from the hub's template: its name (checked as the manager types, with discovery's
 * rule; the engine's refusal is the authority and shows in place), its title and description.
 */
export function NewBaseScreen(): React.JSX.Element {
  const { t } = useTranslation()
  useDocumentTitle(t('newBase.title'))
  const nb = useNewBase()
  const { creating, error, submit } = nb

  return (
    <div className="screen new-base-screen">
      <header className="screen-header">
        <div>
          <h1>{t('newBase.title')}</h1>
          <p className="muted">{t('newBase.explain')}</p>
        </div>
      </header>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
        data-testid="new-base-form"
      >
        <NewBaseFields nb={nb} />
        <Notice tone="info" icon={null} compact title={t('newBase.whatTitle')}>
          <p>{t('newBase.what')}</p>
        </Notice>
        {error ? <ErrorNotice error={error} context={t('newBase.refused')} /> : null}
        <div className="wizard-actions">
          <Button type="submit" look="primary" disabled={creating} testId="new-base-create">
            <FilePlus2 aria-hidden="true" size={16} />
            {creating ? t('newBase.creating') : t('newBase.create')}
          </Button>
        </div>
      </form>
    </div>
  )
}

/**
 * The form's state: the name suggested from the title until the manager types one, checked with
 * discovery's rule as they type (and every field on submit, the first wrong one focused); then
 * `newBase` in the app's language, the overview reloaded, the new base opened.
 */
function useNewBase() {
  const navigate = useNavigate()
  const bases = useBases((s) => s.overview?.bases)
  const taken = useMemo(() => (bases ?? []).map((b) => b.name), [bases])
  const loadBases = useBases((s) => s.load)
  const [name, setName] = useState('')
  const [nameEdited, setNameEdited] = useState(false)
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [touched, setTouched] = useState(false)
  const [creating, setCreating] = useState(false)
  const [error, setError] = useState<HubApiError | null>(null)
  const nameRef = useRef<HTMLInputElement>(null)
  const titleRef = useRef<HTMLInputElement>(null)
  const descriptionRef = useRef<HTMLTextAreaElement>(null)

  const problem = baseNameProblem(name, taken)
  const showNameProblem = problem !== null && (touched || (name !== '' && problem !== 'empty'))
  const titleMissing = title.trim() === ''
  const descriptionMissing = description.trim() === ''

  const submit = async (): Promise<void> => {
    setTouched(true)
    if (problem) return nameRef.current?.focus()
    if (titleMissing) return titleRef.current?.focus()
    if (descriptionMissing) return descriptionRef.current?.focus()
    setCreating(true)
    setError(null)
    try {
      const created = await hub().newBase({
        name,
        title: title.trim(),
        description: description.trim(),
        // The template's rules and guide in the language the manager reads the app in.
        language: useSettings.getState().language
      })
      await loadBases()
      navigate(basePath(created.name))
    } catch (e) {
      setError(toHubApiError(e))
      setCreating(false)
    }
  }

  const set = {
    title: (v: string): void => {
      setTitle(v)
      if (!nameEdited) setName(suggestName(v))
    },
    name: (v: string): void => {
      setName(v)
      setNameEdited(true)
    },
    description: setDescription
  }
  return {
    form: { name, title, description },
    set,
    touched,
    creating,
    error,
    refs: { name: nameRef, title: titleRef, description: descriptionRef },
    problem,
    showNameProblem,
    titleMissing,
    descriptionMissing,
    submit
  }
}

/** Title (the name suggested from it), name with its rule and problem, description. */
function NewBaseFields({ nb }: { nb: ReturnType<typeof useNewBase> }): React.JSX.Element {
  const { t } = useTranslation()
  const {
    form: { name, title, description },
    set,
    touched,
    refs,
    problem,
    showNameProblem,
    titleMissing,
    descriptionMissing
  } = nb
  return (
    <>
      <Field
        label={t('newBase.baseTitle')}
        marker={t('common.required')}
        hint={t('newBase.titleHint')}
        problem={touched && titleMissing ? t('newBase.titleMissing') : null}
      >
        {(control) => (
          <input
            {...control}
            ref={refs.title}
            className="input"
            value={title}
            autoFocus
            onChange={(e) => set.title(e.target.value)}
            data-testid="new-base-title"
          />
        )}
      </Field>
      <Field
        label={t('newBase.name')}
        marker={t('common.required')}
        hint={t('newBase.nameRule')}
        error={
          showNameProblem && problem
            ? t(`newBase.nameProblems.${problem}`, { chars: refusedCharacters(name).join(' '), name })
            : ''
        }
        errorLive
        errorTestId="new-base-name-problem"
        invalid={showNameProblem}
      >
        {(control) => (
          <input
            {...control}
            ref={refs.name}
            className="input input-mono"
            value={name}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => set.name(e.target.value)}
            data-testid="new-base-name"
          />
        )}
      </Field>
      <Field
        label={t('newBase.description')}
        marker={t('common.required')}
        hint={t('newBase.descriptionHint')}
        problem={touched && descriptionMissing ? t('newBase.descriptionMissing') : null}
      >
        {(control) => (
          <textarea
            {...control}
            ref={refs.description}
            className="textarea"
            rows={3}
            value={description}
            onChange={(e) => set.description(e.target.value)}
            data-testid="new-base-description"
          />
        )}
      </Field>
    </>
  )
}
