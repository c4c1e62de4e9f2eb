import { Check, PlugZap, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { JournalSettings } from './JournalSettings'
import { LanguageSelect } from '../../app/LanguageSelect'
import { Skeleton } from '../../ui/Skeleton'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { hostsPath, trashPath } from '../../app/routes'
import { useSettings } from '../../stores/settings'
import { ReviewerInput } from '../../ui/ReviewerInput'
import { Field } from '../../ui/Field'
import { Button } from '../../ui/Button'

/** The manager's preferences, and where the hub keeps things (read-only). */
export function SettingsScreen(): React.JSX.Element {
  const { t } = useTranslation()
  useDocumentTitle(t('settings.title'))
  const { settings, info, error, failed, update, load } = useSettings()
  const rv = useReviewerSetting()

  return (
    <div className="screen settings">
      <header className="screen-header">
        <h1>{t('settings.title')}</h1>
      </header>
      {error ? (
        failed === 'save' ? (
          <ErrorNotice error={error} context={t('settings.saveFailed')} />
        ) : (
          <ErrorNotice error={error} context={t('settings.loading')} onRetry={() => void load()} />
        )
      ) : null}
      {!settings && !error ? <Skeleton lines={6} /> : null}
      {settings ? (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault()
            void rv.save()
          }}
        >
          <ReviewerField rv={rv} />
          <div className="field">
            <LanguageSelect id="settings-language" testId="settings-language-select" showLabel />
            <p className="hint">{t('settings.languageHint')}</p>
          </div>
          <div className="field">
            <label className="checkbox-row">
              <input
                type="checkbox"
                checked={!settings.firstStepsHidden}
                // A failure is shown by the store's error, above the form.
                onChange={(e) => void update({ firstStepsHidden: !e.target.checked }).catch(() => undefined)}
                data-testid="settings-first-steps"
              />{' '}
              {t('settings.firstSteps')}
            </label>
            <p className="hint">{t('settings.firstStepsHint')}</p>
          </div>
          <JournalSettings />
          <div className="field">
            <span className="label">{t('settings.hosts')}</span>
            <p>
              <Link to={hostsPath()} className="button" data-testid="settings-hosts-link">
                <PlugZap aria-hidden="true" size={16} /> {t('settings.hostsLink')}
              </Link>
            </p>
            <p className="hint">{t('settings.hostsHint')}</p>
          </div>
          <PlacesFields basesDir={settings.basesDir} userDataDir={settings.userDataDir} />
          {info ? (
            <p className="muted">
              {t('settings.about', {
                product: info.product,
                version: info.version,
                platform: info.platform,
                transport: t(`settings.transports.${info.transport}`)
              })}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  )
}

/** The reviewer's name as typed, saved on blur or submit (said « Saved » for two seconds). */
function useReviewerSetting(): {
  reviewer: string
  setReviewer(v: string): void
  saved: boolean
  save(): Promise<void>
} {
  const { settings, update } = useSettings()
  const [reviewer, setReviewer] = useState('')
  const [saved, setSaved] = useState(false)
  useEffect(() => setReviewer(settings?.reviewer ?? ''), [settings?.reviewer])

  const saveReviewer = async (): Promise<void> => {
    const v = reviewer.trim()
    if (v === (settings?.reviewer ?? '')) return
    try {
      await update({ reviewer: v === '' ? null : v })
      setSaved(true)
      window.setTimeout(() => setSaved(false), 2000)
    } catch {
      // shown by the store's error
    }
  }

  return { reviewer, setReviewer, saved, save: saveReviewer }
}

function ReviewerField({ rv }: { rv: ReturnType<typeof useReviewerSetting> }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <Field label={t('settings.reviewer')} hint={t('settings.reviewerHint')}>
      {(control) => (
        <div className="field-row">
          <ReviewerInput
            control={control}
            value={rv.reviewer}
            onChange={rv.setReviewer}
            onBlur={() => void rv.save()}
            testId="settings-reviewer"
          />
          <Button type="submit">{t('common.save')}</Button>
          {rv.saved ? (
            <span className="saved" role="status">
              <Check aria-hidden="true" size={14} /> {t('common.saved')}
            </span>
          ) : null}
        </div>
      )}
    </Field>
  )
}

/** Where the hub keeps bases and its own data (read-only), and the way to the trash. */
function PlacesFields({
  basesDir,
  userDataDir
}: {
  basesDir: string
  userDataDir: string
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <>
      <Field
        label={t('settings.basesDir')}
        hint={t('settings.basesDirHint')}
        footer={
          <p>
            <Link to={trashPath()} data-testid="settings-trash-link">
              <Trash2 aria-hidden="true" size={14} /> {t('settings.trashLink')}
            </Link>
          </p>
        }
      >
        {(control) => <input {...control} className="input input-readonly" readOnly value={basesDir} />}
      </Field>
      <Field label={t('settings.userDataDir')} hint={t('settings.userDataDirHint')}>
        {(control) => <input {...control} className="input input-readonly" readOnly value={userDataDir} />}
      </Field>
    </>
  )
}
