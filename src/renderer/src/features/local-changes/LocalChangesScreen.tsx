import { Archive, ArrowLeft, CheckCircle2, FileDiff as FileDiffIcon, GitCommitHorizontal } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type {
  HubApiError,
  KeepChangesResult,
  LocalChangesView,
  SetAsideChangesEntry
} from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { toHubApiError } from '../../api/errors'
import { EmptyState } from '../../ui/EmptyState'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Skeleton } from '../../ui/Skeleton'
import { DiffModeToggle } from '../../ui/DiffModeToggle'
import { FileDiff } from '../../ui/FileDiff'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { useHubQuery } from '../../hooks/useHubQuery'
import { basePath, planPath, trashPath } from '../../app/routes'
import { useBaseRevision } from '../../stores/live'
import { useSettings } from '../../stores/settings'
import { useUi, type DiffMode } from '../../stores/ui'
import { reviewerShown, reviewerValue } from '../../lib/reviewer'
import { ChangedFileList } from './SetAsideChangesList'
import { Field } from '../../ui/Field'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

type Choice = 'keep' | 'aside' | null
type Done = { kind: 'kept'; result: KeepChangesResult } | { kind: 'aside'; entry: SetAsideChangesEntry }

/**
 * A base's uncommitted changes, where a manager meets them instead of `git status` (issue 25 §3):
 * each file with its diff against the history; Keep them (one commit of exactly these files, in the
 * manager's name, with their message) or Set them aside (to the trash, restorable). Each is shown
 * before it is done, and acts on the listing shown (its `basis`): a file changed meanwhile is
 * refused, never swept in.
 */
export function LocalChangesScreen(): React.JSX.Element {
  const { t } = useTranslation()
  const base = useParams().base ?? ''
  const fromPlan = useSearchParams()[0].get('from') === 'plan'
  useDocumentTitle(`${t('localChanges.title')} · ${base}`)
  const rev = useBaseRevision(base)
  const q = useHubQuery(() => hub().localChanges(base), [base, rev], base)
  const view: LocalChangesView | null = q.data && q.data.base === base ? q.data : null
  const count = view?.files.length ?? 0
  const choosing = useChoice(base, view, q.reload)
  const { done, error } = choosing

  return (
    <div className="local-changes-screen" data-testid="local-changes">
      <LocalChangesHeader base={base} fromPlan={fromPlan} />
      <p className="muted">{t('localChanges.explain')}</p>
      {fromPlan && count > 0 ? (
        <p className="notice notice-warning notice-compact" role="note">
          {t('localChanges.fromPlan')}
        </p>
      ) : null}

      {done ? <DoneNotice base={base} done={done} fromPlan={fromPlan} /> : null}

      {q.error && !view ? (
        <ErrorNotice error={q.error} context={t('localChanges.loading')} onRetry={q.reload} />
      ) : null}
      {!view && !q.error ? <Skeleton lines={8} /> : null}

      {view && count === 0 && !done ? (
        <EmptyState
          icon={<CheckCircle2 size={40} />}
          title={t('localChanges.noneTitle')}
          testId="local-changes-none"
        >
          <p>{t('localChanges.noneBody')}</p>
        </EmptyState>
      ) : null}

      {view && count > 0 ? <Changes view={view} choosing={choosing} /> : null}
      {error ? <ErrorNotice error={error} context={t('localChanges.failed')} /> : null}
    </div>
  )
}

/** The confirmation of a previewed choice (keep, set aside), and the way back. */
function ConfirmBar(props: {
  busy: boolean
  onConfirm(): void
  onCancel(): void
  icon: React.JSX.Element
  label: string
  testId: string
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <div className="resolve-bar">
      <Button look="primary" onClick={props.onConfirm} disabled={props.busy} testId={props.testId}>
        {props.icon} {props.label}
      </Button>{' '}
      <Button look="ghost" onClick={props.onCancel} disabled={props.busy}>
        {t('localChanges.cancel')}
      </Button>
    </div>
  )
}

/** What keeping or setting aside did, and the way back (to the plan when it sent the manager here). */
function DoneNotice({
  base,
  done,
  fromPlan
}: {
  base: string
  done: Done
  fromPlan: boolean
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <Notice
      tone="success"
      testId="local-changes-done"
      title={
        <>
          {done.kind === 'kept'
            ? t('localChanges.keptTitle', {
                count: done.result.paths.length,
                commit: done.result.commit.slice(0, 10)
              })
            : t('localChanges.setAsideDone')}
        </>
      }
    >
      <p className="nogit-actions">
        {fromPlan ? (
          <Link className="button button-small button-primary" to={planPath(base)} data-testid="back-to-plan">
            {t('localChanges.backToPlan')}
          </Link>
        ) : (
          <Link className="button button-small" to={basePath(base)}>
            {t('localChanges.back')}
          </Link>
        )}{' '}
        {done.kind === 'aside' ? (
          <Link className="button button-small button-ghost" to={trashPath()}>
            {t('localChanges.openTrash')}
          </Link>
        ) : null}
      </p>
    </Notice>
  )
}

/** One changed file with its diff against the history (or why there is none to show). */
function ChangedFile({
  file: f,
  mode
}: {
  file: LocalChangesView['files'][number]
  mode: DiffMode
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <section
      className="diff-file"
      data-testid={`local-change-${f.path}`}
      data-change={f.change}
      aria-label={f.path}
    >
      <header className="diff-file-header">
        <code>{f.path}</code>{' '}
        <span
          className={`badge ${f.change === 'untracked' ? 'badge-success' : f.change === 'deleted' ? 'badge-danger' : 'badge-warning'}`}
        >
          {t(`localChanges.kinds.${f.change}`)}
        </span>
      </header>
      {f.diff !== null ? (
        <FileDiff diff={f.diff} created={f.change === 'untracked'} mode={mode} />
      ) : (
        <p className="muted">
          {f.binary
            ? t('localChanges.binary', { size: f.size })
            : t('localChanges.tooLarge', { size: f.size })}
        </p>
      )}
    </section>
  )
}

/** Keep them: one commit of exactly these files, the author asked when git has none, the message. */
function KeepPreview(props: {
  count: number
  authorName: string | null
  files: React.ReactNode
  author: string
  message: string
  touched: boolean
  onAuthor(v: string): void
  onMessage(v: string): void
  confirm: React.ReactNode
}): React.JSX.Element {
  const { t } = useTranslation()
  const settings = useSettings((s) => s.settings)
  const { count, authorName, files, author, message, touched, onAuthor, onMessage, confirm } = props
  return (
    <section className="preview nogit-panel" aria-labelledby="keep-title" data-testid="keep-preview">
      <h3 id="keep-title">{t('localChanges.keepTitle')}</h3>
      <p>
        {t('localChanges.keepBody', {
          count,
          author: authorName ?? (author.trim() || '…')
        })}
      </p>
      {files}
      {/* Neither field is outlined as invalid: its hint says what is missing, as this form always has. */}
      {authorName === null ? (
        <Field
          label={t('localChanges.author')}
          marker={t('common.required')}
          hint={t('localChanges.authorHint')}
          problem={touched && author.trim() === '' ? t('localChanges.authorMissing') : null}
          invalid={false}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              value={author}
              onChange={(e) => onAuthor(e.target.value.replace(/[\r\n<>]/g, ''))}
              data-testid="keep-author"
              placeholder={reviewerShown(settings?.reviewer) || 'alice'}
            />
          )}
        </Field>
      ) : null}
      <Field
        label={t('localChanges.message')}
        marker={t('common.required')}
        hint={t('localChanges.messageHint')}
        problem={touched && message.trim() === '' ? t('localChanges.messageMissing') : null}
        invalid={false}
      >
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={3}
            value={message}
            onChange={(e) => onMessage(e.target.value)}
            data-testid="keep-message"
          />
        )}
      </Field>
      {confirm}
    </section>
  )
}

/**
 * Keep them or set them aside, on the listing shown (its `basis`): the choice being previewed, the
 * commit's message and author, the call and its failure, and what it did.
 */
function useChoice(base: string, view: LocalChangesView | null, reload: () => void) {
  const [choice, setChoice] = useState<Choice>(null)
  const [message, setMessage] = useState('')
  const [author, setAuthor] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<HubApiError | null>(null)
  const [done, setDone] = useState<Done | null>(null)
  const [touched, setTouched] = useState(false)

  const needAuthor = view?.author === null

  const act = async (): Promise<void> => {
    if (!view) return
    setTouched(true)
    setError(null)
    if (choice === 'keep' && (message.trim() === '' || (needAuthor && author.trim() === ''))) return
    setBusy(true)
    try {
      if (choice === 'keep') {
        if (needAuthor) {
          const name = author.trim()
          await useSettings.getState().update({ reviewer: reviewerValue(name) })
        }
        const result = await hub().keepLocalChanges(base, { basis: view.basis, message })
        setDone({ kind: 'kept', result })
      } else if (choice === 'aside') {
        const entry = await hub().setAsideLocalChanges(base, { basis: view.basis })
        setDone({ kind: 'aside', entry })
      }
      setChoice(null)
      setMessage('')
      setTouched(false)
      reload()
    } catch (e) {
      setError(toHubApiError(e))
      // What is on disk moved, or the name was refused: show the current listing.
      reload()
    } finally {
      setBusy(false)
    }
  }

  return {
    choice,
    setChoice,
    message,
    setMessage,
    author,
    setAuthor,
    busy,
    error,
    setError,
    done,
    touched,
    act
  }
}

/** The way back (to the plan when it sent the manager here) and the title. */
function LocalChangesHeader({ base, fromPlan }: { base: string; fromPlan: boolean }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <>
      <p className="breadcrumb">
        <Link to={fromPlan ? planPath(base) : basePath(base)}>
          <ArrowLeft aria-hidden="true" size={14} />{' '}
          {fromPlan ? t('localChanges.backToPlan') : t('localChanges.back')}
        </Link>
      </p>
      <header className="plan-header">
        <h2 className="section-title">
          <FileDiffIcon aria-hidden="true" size={18} /> {t('localChanges.title')}
        </h2>
      </header>
    </>
  )
}

/** Keep them / Set them aside: each opens its preview first. */
function ChoiceButtons({ onChoose }: { onChoose(c: 'keep' | 'aside'): void }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <div className="resolve-bar">
      <Button
        look="primary"
        icon={GitCommitHorizontal}
        onClick={() => onChoose('keep')}
        testId="local-changes-keep"
      >
        {t('localChanges.keep')}
      </Button>{' '}
      <Button icon={Archive} onClick={() => onChoose('aside')} testId="local-changes-aside">
        {t('localChanges.setAside')}
      </Button>
    </div>
  )
}

/** The changed files with their diffs, then the choice, previewed before it is done. */
function Changes({ view, choosing }: { view: LocalChangesView; choosing: Choosing }): React.JSX.Element {
  const { t } = useTranslation()
  const mode = useUi((s) => s.diffMode)
  const count = view.files.length
  const authorName = view.author
  const { choice, setChoice, message, setMessage, author, setAuthor, busy, setError, touched, act } = choosing
  return (
    <>
      <div className="diff-toolbar">
        <h3 data-testid="local-changes-count">{t('localChanges.count', { count })}</h3>
        <DiffModeToggle />
      </div>
      {view.files.map((f) => (
        <ChangedFile key={f.path} file={f} mode={mode} />
      ))}

      {choice === null ? (
        <ChoiceButtons
          onChoose={(c) => {
            setChoice(c)
            setError(null)
          }}
        />
      ) : null}

      {choice === 'keep' ? (
        <KeepPreview
          count={count}
          authorName={authorName}
          files={<ChangedFileList files={view.files} />}
          author={author}
          message={message}
          touched={touched}
          onAuthor={setAuthor}
          onMessage={setMessage}
          confirm={
            <ConfirmBar
              busy={busy}
              onConfirm={() => void act()}
              onCancel={() => setChoice(null)}
              icon={<GitCommitHorizontal aria-hidden="true" size={16} />}
              label={busy ? t('localChanges.keeping') : t('localChanges.keepConfirm')}
              testId="keep-confirm"
            />
          }
        />
      ) : null}

      {choice === 'aside' ? (
        <section className="preview nogit-panel" aria-labelledby="aside-title" data-testid="aside-preview">
          <h3 id="aside-title">{t('localChanges.setAsideTitle')}</h3>
          <p>{t('localChanges.setAsideBody', { count })}</p>
          <ChangedFileList files={view.files} />
          <ConfirmBar
            busy={busy}
            onConfirm={() => void act()}
            onCancel={() => setChoice(null)}
            icon={<Archive aria-hidden="true" size={16} />}
            label={busy ? t('localChanges.settingAside') : t('localChanges.setAsideConfirm')}
            testId="aside-confirm"
          />
        </section>
      ) : null}
    </>
  )
}

type Choosing = ReturnType<typeof useChoice>
