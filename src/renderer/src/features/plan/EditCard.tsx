import { FilePlus2, FileText, Trash2 } from 'lucide-react'
import { useMemo, useState } from 'react'
import type { Heading } from '../../lib/markdown'
import { useTranslation } from 'react-i18next'
import type { PlanEdit } from '../../../../shared/review'
import { hub } from '../../api/hub'
import { useHubQuery } from '../../hooks/useHubQuery'
import { headingsOf, sectionText } from '../../lib/markdown'
import { editMode, pathWarning, type EditMode } from './plan'
import { findHeading, switchMode } from './edit-modes'
import { withPath } from './plan-guide'
import { useBaseRevision } from '../../stores/live'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Field } from '../../ui/Field'
import { EditProposal } from './EditProposal'
import { EditGap } from './EditGap'
import { gapOf } from './gap-edit'
import { CorpusSuggestions } from './CorpusSuggestions'
import { FrontmatterFields } from './FrontmatterFields'
import { MarkdownEditor } from './MarkdownEditor'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

interface Props {
  base: string
  index: number
  edit: PlanEdit
  documents: string[]
  freshness: string[]
  /** The proposals this change serves (shown beside it). */
  proposalIds: string[]
  onChange(edit: PlanEdit): void
  onRemove(): void
}

/** The document an edit targets, read again when the base moves (a section renamed since is then named). */
function useEditDocument(base: string, path: string, exists: boolean) {
  const rev = useBaseRevision(base)
  const doc = useHubQuery(
    () => (exists ? hub().readDocument(base, path) : Promise.resolve(null)),
    [base, path, exists, rev],
    `${base}:${path}`
  )
  const body = doc.data && doc.data.path === path ? doc.data.body : null
  const raw = doc.data && doc.data.path === path ? doc.data.raw : null
  const headings = useMemo(() => (body ? headingsOf(body) : []), [body])
  return { doc, body, raw, headings }
}

/** One change to one document: which document, what kind of change, the new text. */
export function EditCard({
  base,
  index,
  edit,
  documents,
  freshness,
  proposalIds,
  onChange,
  onRemove
}: Props): React.JSX.Element {
  const { t } = useTranslation()
  const id = `edit-${index}`
  const path = edit.path.trim()
  const exists = documents.includes(path)
  const mode = editMode(edit)
  const { doc, body, raw, headings } = useEditDocument(base, path, exists)
  // The section text last filled in: replaced again on another choice while untouched.
  const prefilled = useState<string | null>(null)

  return (
    <li className="card edit-card" data-testid={`plan-edit-${index}`} id={`plan-edit-${index}`}>
      <EditCardHeader n={index + 1} path={path} known={exists || path === ''} onRemove={onRemove} />

      <div className="edit-grid">
        <PathField id={id} edit={edit} documents={documents} onChange={onChange} />
        <ModeField id={id} edit={edit} exists={exists} raw={raw} onChange={onChange} />
      </div>

      {!exists && path !== '' && mode !== 'whole' ? (
        <p className="notice notice-warning notice-compact" role="note">
          {t('plan.edit.missingForMode')}
        </p>
      ) : null}
      {doc.error ? <ErrorNotice error={doc.error} context={t('plan.edit.loadingDoc')} compact /> : null}

      {mode === 'section' ? (
        <SectionField
          id={id}
          edit={edit}
          body={body}
          headings={headings}
          prefilled={prefilled}
          onChange={onChange}
        />
      ) : null}

      <div className="edit-body">
        <div className="edit-main">
          {mode !== 'frontmatter' ? (
            <ContentField
              id={id}
              n={index + 1}
              edit={edit}
              current={exists && body !== null ? raw : null}
              onChange={onChange}
            />
          ) : null}

          <FrontmatterFields
            value={edit.frontmatter}
            idPrefix={id}
            freshness={freshness}
            onChange={(fm) => {
              const next = { ...edit }
              if (fm === undefined && mode !== 'frontmatter') delete next.frontmatter
              else next.frontmatter = fm ?? {}
              onChange(next)
            }}
          />
        </div>
        <EditBeside base={base} edit={edit} proposalIds={proposalIds} />
      </div>
    </li>
  )
}

/** Beside the text: the question it answers (an edit written from a gap) and the proposals it settles. */
function EditBeside(props: { base: string; edit: PlanEdit; proposalIds: string[] }): React.JSX.Element {
  const { base, proposalIds } = props
  const gap = gapOf(props.edit)
  return gap ? (
    <div className="edit-beside">
      <EditGap gap={gap as { id: string; queries: string[] }} />
      {proposalIds.length > 0 ? <EditProposal base={base} ids={proposalIds} /> : null}
    </div>
  ) : (
    <EditProposal base={base} ids={proposalIds} />
  )
}

interface FieldOf {
  /** The card's id prefix (`edit-<index>`): the plan screen focuses `<id>-path`. */
  id: string
  edit: PlanEdit
  onChange(edit: PlanEdit): void
}

/** Which document: the corpus's paths offered as the manager types; a new path creates it. */
function PathField({ id, edit, documents, onChange }: FieldOf & { documents: string[] }): React.JSX.Element {
  const { t } = useTranslation()
  const path = edit.path.trim()
  const exists = documents.includes(path)
  const warning = path === '' || exists ? null : pathWarning(path, documents)
  const hint =
    path === ''
      ? t('plan.edit.pathHint')
      : exists
        ? t('plan.edit.exists')
        : warning !== null
          ? t(warning.key, { path: warning.path })
          : t('plan.edit.willCreate')
  return (
    <Field id={`${id}-path`} label={t('plan.edit.path')} hint={hint}>
      {(control) => (
        <>
          <input
            {...control}
            className="input input-mono"
            list={`${id}-docs`}
            value={edit.path}
            placeholder="dossier/document.md"
            onChange={(e) =>
              onChange(withPath(edit, e.target.value, documents.includes(e.target.value.trim())))
            }
            data-testid="edit-path"
            spellCheck={false}
          />
          <CorpusSuggestions id={`${id}-docs`} documents={documents} typed={edit.path} />
        </>
      )}
    </Field>
  )
}

/** What kind of change; switching never loses text (`switchMode`), a new document is whole. */
function ModeField({
  id,
  edit,
  exists,
  raw,
  onChange
}: FieldOf & { exists: boolean; raw: string | null }): React.JSX.Element {
  const { t } = useTranslation()
  const path = edit.path.trim()
  const mode = editMode(edit)
  const modeLabel = (m: EditMode): string =>
    m === 'whole'
      ? exists || path === ''
        ? t('plan.edit.modes.whole')
        : t('plan.edit.modes.create')
      : t(`plan.edit.modes.${m}`)
  return (
    <Field id={`${id}-mode`} label={t('plan.edit.mode')} hint={t(`plan.edit.modeHints.${mode}`)}>
      {(control) => (
        <select
          {...control}
          className="select"
          value={mode}
          onChange={(e) => onChange(switchMode(edit, e.target.value as EditMode, exists ? raw : null))}
          data-testid="edit-mode"
        >
          {(['section', 'append', 'whole', 'frontmatter'] as const).map((m) => (
            <option key={m} value={m} disabled={!exists && path !== '' && m !== 'whole'}>
              {modeLabel(m)}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/**
 * Which section, from the document's headings; choosing one on an untouched text fills it with
 * the section's current text. A section gone from the document is said, with today's headings.
 */
function SectionField({
  id,
  edit,
  body,
  headings,
  prefilled: [prefilled, setPrefilled],
  onChange
}: FieldOf & {
  body: string | null
  headings: Heading[]
  prefilled: [string | null, (v: string | null) => void]
}): React.JSX.Element {
  const { t } = useTranslation()
  const path = edit.path.trim()
  const section = (edit.section ?? '').trim()
  const sectionGone = body !== null && section !== '' && !findHeading(headings, section)

  const chooseSection = (title: string): void => {
    const h = headings.find((x) => x.text === title)
    const current = edit.content ?? ''
    if (h && body && (current.trim() === '' || current === prefilled)) {
      const fresh = sectionText(body, h)
      setPrefilled(fresh)
      onChange({ ...edit, section: title, content: fresh })
    } else onChange({ ...edit, section: title })
  }

  const gone = sectionGone ? (
    <SectionGone section={section} path={path} headings={headings} onChoose={chooseSection} />
  ) : null

  return (
    <Field
      id={`${id}-section`}
      label={t('plan.edit.section')}
      hint={t('plan.edit.sectionHint')}
      footer={gone}
    >
      {(control) => (
        <select
          {...control}
          className="select"
          value={edit.section ?? ''}
          onChange={(e) => chooseSection(e.target.value)}
          data-testid="edit-section"
        >
          <option value="">{t('plan.edit.chooseSection')}</option>
          {edit.section && !headings.some((h) => h.text === edit.section) ? (
            <option value={edit.section}>
              {sectionGone ? t('planGuide.section.gone', { section: edit.section }) : edit.section}
            </option>
          ) : null}
          {headings.map((h, i) => (
            <option key={`${i}-${h.text}`} value={h.text}>
              {`${'#'.repeat(h.level)} ${h.text}`}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/** The section the edit names is no longer in the document: say so and offer the current ones. */
function SectionGone(props: {
  section: string
  path: string
  headings: Heading[]
  onChoose(title: string): void
}): React.JSX.Element {
  const { t } = useTranslation()
  const { section, path, headings, onChoose } = props
  return (
    <Notice
      tone="warning"
      icon={null}
      compact
      role="status"
      testId="edit-section-missing"
      title={t('planGuide.section.missing', { section, path })}
    >
      <p>{t('planGuide.section.current')}</p>
      <ul className="plain-list section-choices">
        {headings.map((h, i) => (
          <li key={`${i}-${h.text}`}>
            <Button look="small ghost" onClick={() => onChoose(h.text)} testId="edit-section-choice">
              <code>{`${'#'.repeat(h.level)} ${h.text}`}</code>
            </Button>
          </li>
        ))}
      </ul>
    </Notice>
  )
}

/** The new text in the markdown editor; a whole rewrite may start from the current document. */
function ContentField({
  id,
  n,
  edit,
  current,
  onChange
}: FieldOf & { n: number; current: string | null }): React.JSX.Element {
  const { t } = useTranslation()
  const mode = editMode(edit)
  const text = mode === 'append' ? (edit.append ?? '') : (edit.content ?? '')
  const setText = (v: string): void =>
    onChange(mode === 'append' ? { ...edit, append: v } : { ...edit, content: v })
  const contentLabel =
    mode === 'append'
      ? t('plan.edit.appendText')
      : mode === 'section'
        ? t('plan.edit.sectionText')
        : t('plan.edit.wholeText')
  return (
    <div className="field">
      <span className="label" id={`${id}-content-label`}>
        {contentLabel}
      </span>
      {mode === 'whole' && current !== null && (edit.content ?? '') === '' ? (
        <p>
          <Button look="small" onClick={() => setText(current)}>
            {t('plan.edit.startFromCurrent')}
          </Button>
        </p>
      ) : null}
      <MarkdownEditor
        value={text}
        onChange={setText}
        label={`${t('plan.edit.title', { n })} — ${contentLabel}`}
        describedBy={`${id}-content-hint`}
        testId="edit-content"
      />
      <p id={`${id}-content-hint`} className="hint">
        {t(`plan.edit.contentHints.${mode}`)}
      </p>
    </div>
  )
}

/** The change's number and document (an existing one, or one to create), and Remove. */
function EditCardHeader({
  n,
  path,
  known,
  onRemove
}: {
  n: number
  path: string
  /** An existing document (or none typed yet), not one the change creates. */
  known: boolean
  onRemove(): void
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <header className="card-header">
      <h3 className="card-title">
        {known ? <FileText aria-hidden="true" size={16} /> : <FilePlus2 aria-hidden="true" size={16} />}{' '}
        {t('plan.edit.title', { n })} {path ? <code>{path}</code> : null}
      </h3>
      <Button
        look="ghost small"
        icon={Trash2}
        iconSize={14}
        onClick={onRemove}
        aria-label={t('plan.edit.removeLabel', { n })}
      >
        {t('plan.edit.remove')}
      </Button>
    </header>
  )
}
