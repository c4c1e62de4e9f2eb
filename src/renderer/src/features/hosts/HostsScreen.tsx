import { Activity } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { HostRow } from './HostRow'
import { Skeleton } from '../../ui/Skeleton'
import { Spinner } from '../../ui/Spinner'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { HOST_IDS, useHosts } from './hosts-store'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

/**
 * The AI apps OKF Hub can be registered in, one row each (like Claude Desktop's own settings):
 * installed, registered, working after a check or the problem in words, the file and its backup.
 */
export function HostsScreen(): React.JSX.Element {
  const { t } = useTranslation()
  useDocumentTitle(t('hosts.title'))
  const { hosts, loading, checking, error, load } = useHosts()

  useEffect(() => void load(false), [load])

  const rows = hosts ? [...hosts].sort((a, b) => HOST_IDS.indexOf(a.host) - HOST_IDS.indexOf(b.host)) : null
  return (
    <div className="screen hosts-screen">
      <header className="screen-header">
        <div>
          <h1>{t('hosts.title')}</h1>
          <p className="muted">{t('hosts.explain')}</p>
        </div>
        <div className="screen-actions">
          {loading && hosts ? <Spinner inline /> : null}
          <Button onClick={() => void load(true)} disabled={checking} testId="hosts-check-all">
            <Activity aria-hidden="true" size={16} className={checking ? 'spin' : undefined} />
            {checking ? t('hosts.checking') : t('hosts.checkAll')}
          </Button>
        </div>
      </header>
      <Notice tone="info" icon={null} compact testId="hosts-what" title={t('hosts.whatTitle')}>
        <p>{t('hosts.what')}</p>
      </Notice>
      {error ? (
        <ErrorNotice error={error} context={t('hosts.loading')} onRetry={() => void load(false)} />
      ) : null}
      {!rows && !error ? <Skeleton lines={6} /> : null}
      {rows ? (
        <ul className="host-list" aria-label={t('hosts.listLabel')} data-testid="hosts-list">
          {rows.map((r) => (
            <HostRow key={r.host} row={r} />
          ))}
        </ul>
      ) : null}
      <p className="hint">{t('hosts.checkHint')}</p>
    </div>
  )
}
