import { X } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { previewWarnings } from './preview-notes'
import type { ResolvedResult } from '../../../../../shared/hub-api'
import { StalenessWarnings } from './StalenessWarnings'
import { historyPath, inventoryPath } from '../../../app/routes'
import { Notice } from '../../../ui/Notice'
import { Button } from '../../../ui/Button'

/** What the resolution did: its commit, the proposals it moved, the files it wrote. */
export function ResolveResultView({
  result,
  onDismiss
}: {
  result: ResolvedResult
  onDismiss(): void
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <Notice
      tone="success"
      iconSize={20}
      heading={{ level: 'h2', id: 'resolved-title' }}
      testId="resolve-result"
      aside={<Button look="ghost icon" icon={X} aria-label={t('common.dismiss')} onClick={onDismiss} />}
      title={t('plan.result.title', { count: result.moves.length })}
    >
      <p>
        {t('plan.result.commit')}{' '}
        <code data-testid="resolve-commit" title={result.commit}>
          {result.commit}
        </code>
      </p>
      <p className="mono">{result.subject}</p>
      {/* A warning the preview showed that still held when the resolution was written. */}
      <StalenessWarnings warnings={result.staleness ?? []} />
      <ul className="plain-list">
        {result.moves.map((m) => (
          <li key={m.id}>
            <span className={`badge ${m.resolution === 'accepted' ? 'badge-success' : 'badge-danger'}`}>
              {m.resolution === 'accepted' ? t('plan.preview.accepted') : t('plan.preview.rejected')}
            </span>{' '}
            <code>{m.id}</code> → <code>{m.to}</code>
          </li>
        ))}
      </ul>
      <details>
        <summary>{t('plan.result.paths', { count: result.paths.length })}</summary>
        <ul className="plain-list">
          {result.paths.map((p) => (
            <li key={p}>
              <code>{p}</code>
            </li>
          ))}
        </ul>
      </details>
      {result.warnings.length > 0 ? (
        <ul className="plain-list">
          {previewWarnings(t, result).map((w, i) => (
            <li key={i} className={w.engine ? 'engine-text' : undefined}>
              {w.text}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="result-links">
        <Link to={historyPath(result.base)} data-testid="resolve-to-history">
          {t('plan.result.history')}
        </Link>
        <Link to={inventoryPath(result.base)} data-testid="resolve-to-inventory">
          {t('plan.result.inventory')}
        </Link>
      </p>
    </Notice>
  )
}
