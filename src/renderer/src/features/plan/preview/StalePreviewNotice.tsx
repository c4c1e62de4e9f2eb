import { RotateCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { HubApiError } from '../../../../../shared/hub-api'
import { stringList } from '../../../lib/error-words'
import { Notice } from '../../../ui/Notice'
import { Button } from '../../../ui/Button'

/**
 * The resolve refused because the base moved after the preview (a colleague's commit, an edit
 * outside the hub): nothing was written. What changed — the files the preview had read and the
 * commits since — and the one way forward, a fresh preview.
 */
export function StalePreviewNotice({
  error,
  onPreview
}: {
  error: HubApiError
  onPreview(): void
}): React.JSX.Element {
  const { t } = useTranslation()
  const paths = stringList(error.params?.paths)
  const commits = stringList(error.params?.commits)
  return (
    <Notice tone="error" testId="stale-preview" title={t('plan.stalePreview.title')}>
      <p>{t('plan.stalePreview.nothingWritten')}</p>
      <p>{t('plan.stalePreview.files', { count: paths.length })}</p>
      <ul className="plain-list" data-testid="stale-preview-paths">
        {paths.map((p) => (
          <li key={p}>
            <code>{p}</code>
          </li>
        ))}
      </ul>
      {commits.length > 0 ? (
        <>
          <p>{t('plan.stalePreview.commits', { count: commits.length })}</p>
          {/* Commit subjects and authors are other people's text: shown as text, never markup. */}
          <ul className="plain-list mono" data-testid="stale-preview-commits">
            {commits.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </>
      ) : null}
      <Button
        look="primary small"
        icon={RotateCw}
        iconSize={14}
        onClick={onPreview}
        testId="stale-preview-again"
      >
        {t('plan.preview.again')}
      </Button>
    </Notice>
  )
}
