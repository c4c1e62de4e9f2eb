import { Activity, Plug, Unplug, Wrench } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { HostRegistration } from '../../../../shared/hub-api'
import { needsRepair, useHosts } from './hosts-store'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { HostProblems } from './HostProblems'
import { Button } from '../../ui/Button'

export type HostStatus = 'working' | 'registered' | 'broken' | 'problem' | 'absent' | 'missing'

/**
 * One word for a host's state: what the dot shows and the row says first. An entry this app wrote
 * that the host's file no longer has is "missing" (a host update dropped it), not "absent".
 */
export function hostStatus(r: HostRegistration, remembered: readonly string[]): HostStatus {
  if (r.present && r.working === true) return 'working'
  if (r.present && r.working === false) return 'broken'
  if (r.present) return r.problem ? 'problem' : 'registered'
  return remembered.includes(r.host) ? 'missing' : 'absent'
}

/** A host (Claude Desktop, Claude Code, Cursor, VS Code): its state, its file, its backup, one button. */
export function HostRow({ row }: { row: HostRegistration }): React.JSX.Element {
  const { t } = useTranslation()
  const remembered = useHosts((s) => s.remembered)
  const error = useHosts((s) => s.errors[row.host])
  const done = useHosts((s) => s.done[row.host])
  const name = t(`hosts.names.${row.host}`)
  const status = hostStatus(row, remembered)
  const repair = needsRepair(row, remembered) || (row.present && row.problem !== null)

  return (
    <li className="host-row" data-testid={`host-${row.host}`} data-status={status}>
      <span className={`status-dot status-${status}`} aria-hidden="true" />
      <div className="host-main">
        <h3 className="host-name">{name}</h3>
        <p className="host-status" data-testid={`host-status-${row.host}`}>
          <strong>{t(`hosts.status.${status}`)}</strong>
          {' · '}
          <span className="muted">{row.installed ? t('hosts.installed') : t('hosts.notInstalled')}</span>
        </p>
        <HostProblems
          row={row}
          className={status === 'absent' ? 'hint' : 'host-problem'}
          testId={`host-problem-${row.host}`}
        />
        <HostFiles row={row} />
        {done && !error ? (
          <p className="saved" role="status" data-testid={`host-done-${row.host}`}>
            {t(`hosts.done.${done}`, { host: name })}
            {done === 'register' ? ` ${t(`hosts.afterRegister.${row.host}`)}` : null}
          </p>
        ) : null}
        {error ? <ErrorNotice error={error} context={name} compact /> : null}
      </div>
      <HostActions row={row} repair={repair} />
    </li>
  )
}

/** The host's configuration file, its other files, the backup of the last write. */
function HostFiles({ row }: { row: HostRegistration }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <dl className="host-files">
      <div>
        <dt>{t('hosts.configFile')}</dt>
        <dd>
          {row.configFile ? (
            <code className="break-anywhere">{row.configFile}</code>
          ) : (
            <span className="muted">{t('hosts.noConfigFile')}</span>
          )}
        </dd>
      </div>
      {row.configFiles.filter((p) => p !== row.configFile).length > 0 ? (
        <div>
          <dt>{t('hosts.otherFiles')}</dt>
          <dd>
            {row.configFiles
              .filter((p) => p !== row.configFile)
              .map((p) => (
                <code key={p} className="break-anywhere block">
                  {p}
                </code>
              ))}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{t('hosts.backup')}</dt>
        <dd data-testid={`host-backup-${row.host}`}>
          {row.backup ? (
            <code className="break-anywhere">{row.backup}</code>
          ) : (
            <span className="muted">{t('hosts.noBackup')}</span>
          )}
        </dd>
      </div>
    </dl>
  )
}

/** Registered: Repair (when needed), Check, Unregister; else Register (or Repair). */
function HostActions({ row, repair }: { row: HostRegistration; repair: boolean }): React.JSX.Element {
  const { t } = useTranslation()
  const busy = useHosts((s) => s.busy[row.host])
  const { register, unregister, checkHost } = useHosts.getState()
  const anyBusy = busy !== undefined
  return (
    <div className="host-actions">
      {row.present ? (
        <>
          {repair ? (
            <Button
              look="primary"
              icon={Wrench}
              onClick={() => void register(row.host)}
              disabled={anyBusy}
              testId={`host-repair-${row.host}`}
            >
              {busy === 'register' ? t('hosts.repairing') : t('hosts.repair')}
            </Button>
          ) : null}
          <Button
            icon={Activity}
            onClick={() => void checkHost(row.host)}
            disabled={anyBusy}
            testId={`host-check-${row.host}`}
          >
            {busy === 'check' ? t('hosts.checking') : t('hosts.check')}
          </Button>
          <Button
            look="ghost"
            icon={Unplug}
            onClick={() => void unregister(row.host)}
            disabled={anyBusy}
            testId={`host-unregister-${row.host}`}
          >
            {busy === 'unregister' ? t('hosts.unregistering') : t('hosts.unregister')}
          </Button>
        </>
      ) : (
        <button
          type="button"
          className={repair ? 'button button-primary' : 'button'}
          onClick={() => void register(row.host)}
          disabled={anyBusy}
          data-testid={`host-register-${row.host}`}
        >
          {repair ? <Wrench aria-hidden="true" size={16} /> : <Plug aria-hidden="true" size={16} />}
          {busy === 'register'
            ? repair
              ? t('hosts.repairing')
              : t('hosts.registering')
            : repair
              ? t('hosts.repair')
              : t('hosts.register')}
        </button>
      )}
    </div>
  )
}
