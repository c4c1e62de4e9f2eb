import { CheckCircle2, PenLine, Pencil } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { hub } from '../../api/hub'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Markdown } from '../../ui/Markdown'
import { Skeleton } from '../../ui/Skeleton'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { useHubQuery } from '../../hooks/useHubQuery'
import { splitFrontmatter } from '../../lib/markdown'
import { useBaseRevision } from '../../stores/live'
import { useBases } from '../../stores/bases'
import type { GovernanceEditResult, GovernanceView } from '../../../../shared/hub-api'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

// The editor brings CodeMirror: loaded when the manager asks to edit, not with the tab.
const GovernanceEditor = lazy(async () => ({
  default: (await import('./GovernanceEditor')).GovernanceEditor
}))

/** The rules the manager applies: GOVERNANCE.md, its draft state, the schema, the freshness fields. */
export function GovernanceTab(): React.JSX.Element {
  const { t } = useTranslation()
  const base = useParams().base ?? ''
  useDocumentTitle(`${t('tabs.governance')} · ${base}`)
  const rev = useBaseRevision(base)
  const q = useHubQuery(() => hub().governance(base), [base, rev], base)
  const g = q.data && q.data.base === base ? q.data : null
  const rules = g ? splitFrontmatter(g.rulesText) : null
  const summary = useBases((s) => s.overview?.bases.find((b) => b.name === base) ?? null)
  const [editing, setEditing] = useState(false)
  const [committed, setCommitted] = useState<GovernanceEditResult | null>(null)

  return (
    <section className="governance" data-testid="governance-view" aria-labelledby="governance-heading">
      <h2 id="governance-heading" className="visually-hidden">
        {t('tabs.governance')}
      </h2>
      {q.error && !g ? (
        <ErrorNotice error={q.error} context={t('governance.loading')} onRetry={q.reload} />
      ) : null}
      {!g && !q.error ? <Skeleton lines={10} /> : null}
      {committed && committed.base === base ? (
        <p className="notice notice-success notice-compact" role="status" data-testid="governance-committed">
          <CheckCircle2 aria-hidden="true" size={16} />{' '}
          {t('governanceEdit.committed', { commit: committed.commit.slice(0, 10) })}
        </p>
      ) : null}
      {g && editing ? (
        <Suspense fallback={<Skeleton lines={10} />}>
          <GovernanceEditor
            base={base}
            governance={g}
            title={summary?.title ?? ''}
            description={summary?.description ?? ''}
            onCancel={() => setEditing(false)}
            onCommitted={(result) => {
              setCommitted(result)
              setEditing(false)
              q.reload()
              void useBases.getState().load()
            }}
          />
        </Suspense>
      ) : null}
      {g && rules && !editing ? (
        <GovernanceRules
          governance={g}
          rules={rules}
          base={base}
          onEdit={() => {
            setCommitted(null)
            setEditing(true)
          }}
        />
      ) : null}
    </section>
  )
}

/** The rules as they are in the base: the edit button, the draft notice, the text and its side. */
function GovernanceRules({
  governance: g,
  rules,
  base,
  onEdit
}: {
  governance: GovernanceView
  rules: ReturnType<typeof splitFrontmatter>
  base: string
  onEdit(): void
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <>
      <div className="nogit-actions">
        <Button
          icon={Pencil}
          onClick={onEdit}
          aria-label={t('governanceEdit.editLabel')}
          testId="governance-edit"
        >
          {t('governanceEdit.edit')}
        </Button>
      </div>
      {g.draft ? (
        <Notice tone="warning" icon={PenLine} testId="governance-draft" title={t('governance.draftTitle')}>
          <p>{t('governance.draftBody')}</p>
        </Notice>
      ) : null}
      <div className="governance-grid">
        <article className="document">
          <p className="document-meta">
            <code>{g.rulesFile}</code>
          </p>
          {rules.frontmatter ? <pre className="code-block code-small">{rules.frontmatter}</pre> : null}
          <Markdown source={rules.body} base={base} />
        </article>
        <GovernanceSide governance={g} />
      </div>
    </>
  )
}

/** Beside the rules: the freshness fields and the schema (or why it cannot be read). */
function GovernanceSide({ governance: g }: { governance: GovernanceView }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <aside className="governance-side" aria-label={t('governance.schemaAndFreshness')}>
      <h3>{t('governance.freshness')}</h3>
      {g.freshnessFields.length > 0 ? (
        <>
          <p className="muted">{t('governance.freshnessHint')}</p>
          <ul className="plain-list">
            {g.freshnessFields.map((f) => (
              <li key={f}>
                <code>{f}</code>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">{t('governance.noFreshness')}</p>
      )}
      <h3>{t('governance.schema')}</h3>
      {g.schema === null ? <p className="muted">{t('governance.noSchema')}</p> : null}
      {g.schema && g.schema.text === null ? (
        <p className="notice notice-warning notice-compact" role="note">
          {t('governance.schemaUnreadable', { file: g.schema.file })}{' '}
          <span className="error-detail">{g.schema.error}</span>
        </p>
      ) : null}
      {g.schema && g.schema.text !== null ? (
        <>
          <p className="document-meta">
            <code>{g.schema.file}</code>
          </p>
          <pre className="code-block" tabIndex={0} aria-label={g.schema.file}>
            <code>{g.schema.text}</code>
          </pre>
        </>
      ) : null}
    </aside>
  )
}
