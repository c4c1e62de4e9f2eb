import { Trash2 } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { HubApiError, JournalSummary } from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { toHubApiError } from '../../api/errors'
import { useFormat } from '../../i18n/format'
import { useSettings } from '../../stores/settings'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Button } from '../../ui/Button'

/**
 * The usage journal in Settings (issue 29): what it records and where, its switch (held off when
 * the hub configuration says so — the app cannot turn it back on), its size, and its purge.
 */
export function JournalSettings(): React.JSX.Element {
  const { t } = useTranslation()
  const format = useFormat()
  const { settings, update } = useSettings()
  const { summary, error, purged, setPurged, confirming, setConfirming, load, purge } = useJournal(
    settings?.journal
  )

  const byConfig = summary?.offBy === 'config'
  return (
    <div className="field" data-testid="settings-journal">
      <span className="label">{t('settings.journal.title')}</span>
      <label className="checkbox-row">
        <input
          type="checkbox"
          checked={!byConfig && settings?.journal !== false}
          disabled={byConfig || !settings}
          // A failure is shown by the store's error, above the form.
          onChange={(e) => void update({ journal: e.target.checked }).catch(() => undefined)}
          aria-describedby="settings-journal-hint"
          data-testid="settings-journal-toggle"
        />{' '}
        {t('settings.journal.toggle')}
      </label>
      <p id="settings-journal-hint" className="hint">
        {t('settings.journal.hint')}
      </p>
      {byConfig ? (
        <p className="hint" data-testid="settings-journal-config">
          {t('settings.journal.offByConfig', { file: summary?.configFile ?? 'hub-config.yaml' })}
        </p>
      ) : null}
      {error ? (
        <ErrorNotice
          error={error}
          context={t('settings.journal.loading')}
          onRetry={() => void load()}
          compact
        />
      ) : null}
      {summary ? (
        <JournalSummaryView
          summary={summary}
          purged={purged}
          onPurge={() => {
            setPurged(false)
            setConfirming(true)
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('settings.journal.purgeTitle')}
        confirmLabel={t('settings.journal.purgeConfirm')}
        danger
        onConfirm={() => void purge()}
        onCancel={() => setConfirming(false)}
        testId="settings-journal-purge-dialog"
      >
        <p>
          {t('settings.journal.purgeBody', {
            count: summary?.events ?? 0,
            events: format.number(summary?.events ?? 0),
            size: format.bytes(summary?.bytes ?? 0)
          })}
        </p>
      </ConfirmDialog>
    </div>
  )
}

/** The journal's summary, read again when the switch moves; its purge, confirmed first. */
function useJournal(journalOn: boolean | undefined): {
  summary: JournalSummary | null
  error: HubApiError | null
  purged: boolean
  setPurged(v: boolean): void
  confirming: boolean
  setConfirming(v: boolean): void
  load(): Promise<void>
  purge(): Promise<void>
} {
  const [summary, setSummary] = useState<JournalSummary | null>(null)
  const [error, setError] = useState<HubApiError | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [purged, setPurged] = useState(false)

  const load = useCallback(async (): Promise<void> => {
    try {
      setSummary(await hub().journal())
      setError(null)
    } catch (e) {
      setError(toHubApiError(e))
    }
  }, [])
  useEffect(() => void load(), [load, journalOn])

  const purge = async (): Promise<void> => {
    setConfirming(false)
    try {
      setSummary(await hub().purgeJournal())
      setError(null)
      setPurged(true)
    } catch (e) {
      setError(toHubApiError(e))
    }
  }

  return { summary, error, purged, setPurged, confirming, setConfirming, load, purge }
}

/** How many events and how much room, where they are, Purge. */
function JournalSummaryView({
  summary,
  purged,
  onPurge
}: {
  summary: JournalSummary
  purged: boolean
  onPurge(): void
}): React.JSX.Element {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <>
      <p data-testid="settings-journal-summary">
        {summary.events === 0
          ? t('settings.journal.empty')
          : t('settings.journal.summary', {
              count: summary.events,
              events: format.number(summary.events),
              size: format.bytes(summary.bytes)
            })}
      </p>
      <p className="hint">{t('settings.journal.where', { dir: summary.dir })}</p>
      <p>
        <Button
          look="danger"
          icon={Trash2}
          iconSize={14}
          disabled={summary.files === 0}
          onClick={onPurge}
          testId="settings-journal-purge"
        >
          {t('settings.journal.purge')}
        </Button>
        {purged ? (
          <span className="saved" role="status">
            {' '}
            {t('settings.journal.purged')}
          </span>
        ) : null}
      </p>
    </>
  )
}
