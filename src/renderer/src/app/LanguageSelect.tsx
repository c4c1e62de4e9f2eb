import { Languages } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../../shared/hub-api'
import { LANGUAGE_NAMES, LANGUAGES } from '../i18n'
import { useSettings } from '../stores/settings'

/** FR / EN, or the OS's language until the manager chooses (remembered in the settings). */
export function LanguageSelect({
  id = 'language-select',
  testId = 'language-select',
  showLabel = false
}: {
  id?: string
  testId?: string
  showLabel?: boolean
}): React.JSX.Element {
  const { t } = useTranslation()
  const chosen = useSettings((s) => s.settings?.language ?? null)
  const chooseLanguage = useSettings((s) => s.chooseLanguage)
  return (
    <span className={showLabel ? 'language-select language-select-labelled' : 'language-select'}>
      {showLabel ? null : <Languages aria-hidden="true" size={16} />}
      <label htmlFor={id} className={showLabel ? 'label' : 'visually-hidden'}>
        {t('settings.language')}
      </label>
      <select
        id={id}
        data-testid={testId}
        value={chosen ?? 'system'}
        onChange={(e) => {
          const v = e.target.value
          void chooseLanguage(v === 'system' ? null : (v as Language))
        }}
      >
        <option value="system">{t('settings.languageSystem')}</option>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  )
}
