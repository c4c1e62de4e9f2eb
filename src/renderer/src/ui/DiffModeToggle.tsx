import { Columns2, Rows2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useUi } from '../stores/ui'

/** Side by side or one column, remembered across restarts. */
export function DiffModeToggle(): React.JSX.Element {
  const { t } = useTranslation()
  const mode = useUi((s) => s.diffMode)
  const setMode = useUi((s) => s.setDiffMode)
  return (
    <div className="segmented" role="group" aria-label={t('plan.preview.diffMode')}>
      <button
        type="button"
        className={`segment${mode === 'split' ? ' is-active' : ''}`}
        aria-pressed={mode === 'split'}
        onClick={() => setMode('split')}
        data-testid="diff-mode-split"
      >
        <Columns2 aria-hidden="true" size={14} /> {t('plan.preview.split')}
      </button>
      <button
        type="button"
        className={`segment${mode === 'unified' ? ' is-active' : ''}`}
        aria-pressed={mode === 'unified'}
        onClick={() => setMode('unified')}
        data-testid="diff-mode-unified"
      >
        <Rows2 aria-hidden="true" size={14} /> {t('plan.preview.unified')}
      </button>
    </div>
  )
}
