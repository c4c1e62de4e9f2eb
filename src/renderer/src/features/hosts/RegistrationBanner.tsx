import { HostProblems } from './HostProblems'
import { CheckCircle2, PlugZap, Wrench, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { HostId, HostRegistration, HubApiError } from '../../../../shared/hub-api'
import { hostsPath } from '../../app/routes'
import { useHosts, type HostAction } from './hosts-store'
import { useSettings } from '../../stores/settings'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Button } from '../../ui/Button'

/**
 * The start-up check's result: an AI app this hub was registered in no longer finds it (an update
 * of the app rewrote its configuration, or the command broke). One click repairs it, then the
 * banner says what it wrote.
 */
export function RegistrationBanner(): React.JSX.Element | null {
  const { t } = useTranslation()
  const transport = useSettings((s) => s.info?.transport ?? null)
  const { broken, bannerDismissed, busy, errors, hosts, startupCheck, register, dismissBanner } = useHosts()
  const [repaired, setRepaired] = useState<HostId[]>([])

  useEffect(() => {
    if (transport) void startupCheck(transport)
  }, [transport, startupCheck])

  const shown = [...broken, ...repaired.filter((h) => !broken.includes(h))]
  if (bannerDismissed || shown.length === 0) return null
  const allFixed = broken.length === 0

  const repair = async (host: HostId): Promise<void> => {
    await register(host)
    if (!useHosts.getState().errors[host]) setRepaired((r) => (r.includes(host) ? r : [...r, host]))
  }

  return (
    <div
      className={`notice ${allFixed ? 'notice-success' : 'notice-warning'} registration-banner`}
      role={allFixed ? 'status' : 'alert'}
      data-testid="registration-banner"
    >
      {allFixed ? (
        <CheckCircle2 aria-hidden="true" size={18} className="notice-icon" />
      ) : (
        <PlugZap aria-hidden="true" size={18} className="notice-icon" />
      )}
      <div className="notice-body">
        {shown.map((host) => {
          const row = hosts?.find((h) => h.host === host)
          const name = t(`hosts.names.${host}`)
          const error = errors[host]
          if (!broken.includes(host))
            return (
              <div key={host} className="banner-row" data-testid={`banner-repaired-${host}`}>
                <p className="notice-title">{t('hosts.bannerRepaired', { host: name })}</p>
                {row?.backup ? (
                  <p className="muted">
                    {t('hosts.backup')} <code>{row.backup}</code>
                  </p>
                ) : null}
              </div>
            )
          return (
            <BrokenHostRow
              key={host}
              host={host}
              name={name}
              row={row}
              busy={busy[host]}
              error={error}
              onRepair={() => void repair(host)}
            />
          )
        })}
      </div>
      <Button
        look="ghost icon"
        icon={X}
        onClick={dismissBanner}
        aria-label={t('hosts.dismissBanner')}
        title={t('hosts.dismissBanner')}
        testId="registration-banner-dismiss"
      />
    </div>
  )
}

/** A host whose registration broke: what is wrong, Repair, and what the repair said if it failed. */
function BrokenHostRow(props: {
  host: HostId
  name: string
  row: HostRegistration | undefined
  busy: HostAction | undefined
  error: HubApiError | undefined
  onRepair(): void
}): React.JSX.Element {
  const { t } = useTranslation()
  const { host, name, row, busy, error, onRepair } = props
  return (
    <div className="banner-row">
      <p className="notice-title">{t('hosts.banner', { host: name })}</p>
      {row && row.problems.length > 0 ? (
        <HostProblems row={row} className="banner-problems" />
      ) : (
        <p>{t('hosts.bannerWhy')}</p>
      )}
      <p className="banner-actions">
        <Button
          look="small primary"
          onClick={onRepair}
          disabled={busy !== undefined}
          testId={`banner-repair-${host}`}
        >
          <Wrench aria-hidden="true" size={14} />
          {busy === 'register' ? t('hosts.repairing') : t('hosts.repair')}
        </Button>
        <Link to={hostsPath()}>{t('hosts.seeAll')}</Link>
      </p>
      {error ? <ErrorNotice error={error} context={t('hosts.repair')} compact /> : null}
    </div>
  )
}
