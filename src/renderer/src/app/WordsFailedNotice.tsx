import { useTranslation } from 'react-i18next'
import { LANGUAGE_NAMES } from '../i18n'
import { useSettings } from '../stores/settings'
import { Notice } from '../ui/Notice'

/** A language chosen whose words could not be loaded: said above every screen, in the language shown. */
export function WordsFailedNotice(): React.JSX.Element | null {
  const { t } = useTranslation()
  const failed = useSettings((s) => s.wordsFailed)
  if (!failed) return null
  return (
    <Notice tone="error" compact testId="language-failed" title={t('settings.languageFailedTitle')}>
      <p>{t('settings.languageFailed', { language: LANGUAGE_NAMES[failed] })}</p>
    </Notice>
  )
}
