import { Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CorpusSuggestions } from './CorpusSuggestions'
import { Button } from '../../ui/Button'
import { pathWarning } from './plan'

/** The corpus documents an acceptance names in `integrated-into`: suggestions to tick, or any other. */
export function DocumentPicker({
  idPrefix,
  chosen,
  suggestions,
  documents,
  onChange
}: {
  idPrefix: string
  chosen: string[]
  suggestions: string[]
  documents: string[]
  onChange(paths: string[]): void
}): React.JSX.Element {
  const { t } = useTranslation()
  const candidates = [...new Set([...suggestions, ...chosen])]
  return (
    <fieldset className="doc-picker">
      <legend>{t('plan.resolution.integratedInto')}</legend>
      <p className="hint">{t('plan.resolution.integratedHint')}</p>
      {candidates.length === 0 ? <p className="hint">{t('plan.resolution.noCandidates')}</p> : null}
      <ul className="checkbox-list">
        {candidates.map((d, i) => (
          <li key={d}>
            <input
              type="checkbox"
              id={`${idPrefix}-doc-${i}`}
              checked={chosen.includes(d)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, d] : chosen.filter((x) => x !== d))}
              data-testid={`integrated-${d}`}
            />
            <label htmlFor={`${idPrefix}-doc-${i}`}>
              <code>{d}</code>
              {suggestions.includes(d) && !chosen.includes(d) ? (
                <span className="muted"> · {t('plan.resolution.suggested')}</span>
              ) : null}
              {!documents.includes(d) ? (
                <span className="muted"> · {t('plan.resolution.newDocument')}</span>
              ) : null}
            </label>
          </li>
        ))}
      </ul>
      <OtherDocument idPrefix={idPrefix} chosen={chosen} documents={documents} onChange={onChange} />
    </fieldset>
  )
}

/** Any other document, typed: a path outside the corpus, or one from the repository's root, said at once. */
function OtherDocument({
  idPrefix,
  chosen,
  documents,
  onChange
}: {
  idPrefix: string
  chosen: string[]
  documents: string[]
  onChange(paths: string[]): void
}): React.JSX.Element {
  const { t } = useTranslation()
  const [other, setOther] = useState('')
  const typed = other.trim()
  const warning = typed === '' ? null : pathWarning(typed, documents)
  const outside = warning?.key === 'plan.edit.outside'
  const add = (): void => {
    if (typed === '' || outside) return
    if (!chosen.includes(typed)) onChange([...chosen, typed])
    setOther('')
  }
  return (
    <>
      <div className="field-row">
        <label htmlFor={`${idPrefix}-other`} className="visually-hidden">
          {t('plan.resolution.otherDocument')}
        </label>
        <input
          id={`${idPrefix}-other`}
          className="input input-mono"
          list={`${idPrefix}-other-docs`}
          placeholder={t('plan.resolution.otherDocument')}
          value={other}
          aria-describedby={warning !== null ? `${idPrefix}-other-hint` : undefined}
          onChange={(e) => setOther(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              add()
            }
          }}
          spellCheck={false}
        />
        <CorpusSuggestions id={`${idPrefix}-other-docs`} documents={documents} typed={other} />
        <Button look="small" icon={Plus} iconSize={14} onClick={add} disabled={typed === '' || outside}>
          {t('plan.resolution.addDocument')}
        </Button>
      </div>
      {warning !== null ? (
        <p
          className="hint field-warning"
          id={`${idPrefix}-other-hint`}
          data-testid={`${idPrefix}-other-hint`}
        >
          {t(warning.key, { path: warning.path })}
        </p>
      ) : null}
    </>
  )
}
