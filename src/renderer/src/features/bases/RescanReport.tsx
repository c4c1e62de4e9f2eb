import { useTranslation } from 'react-i18next'
import type { RescanResult } from '../../../../shared/hub-api'

/** What the last rescan found: bases that appeared or disappeared, or nothing new. */
export function RescanReport({ result }: { result: RescanResult }): React.JSX.Element {
  const { t } = useTranslation()
  const nothing = result.added.length === 0 && result.removed.length === 0
  return (
    <div className="notice notice-info notice-compact" role="status" data-testid="rescan-report">
      {nothing ? (
        <p>{t('bases.rescanNothing', { count: result.bases.length })}</p>
      ) : (
        <>
          {result.added.length > 0 ? (
            <p>
              {t('bases.rescanAdded', { count: result.added.length })}{' '}
              <strong>{result.added.join(', ')}</strong>
            </p>
          ) : null}
          {result.removed.length > 0 ? (
            <p>
              {t('bases.rescanRemoved', { count: result.removed.length })}{' '}
              <strong>{result.removed.join(', ')}</strong>
            </p>
          ) : null}
        </>
      )}
    </div>
  )
}
