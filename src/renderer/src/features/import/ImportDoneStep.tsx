import { ArrowRight, Import } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { basePath } from '../../app/routes'
import { useImport } from './import-store'
import { StepHeading } from './StepHeading'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

/** Step 5: the base is served — where it is, and the way to it. */
export function ImportDoneStep(): React.JSX.Element | null {
  const { t } = useTranslation()
  const { published, reset } = useImport()
  if (!published) return null
  return (
    <section className="wizard-panel" aria-labelledby="import-done-heading">
      <StepHeading id="import-done-heading" testId="import-step-done">
        {t('import.done.title', { title: published.title })}
      </StepHeading>
      <Notice tone="success" testId="import-done" title={t('import.done.served', { base: published.name })}>
        <p>{t('import.done.agents', { base: published.name })}</p>
        <p className="muted">
          {t('import.done.where')} <code className="break-anywhere">{published.root}</code>
        </p>
      </Notice>
      <div className="wizard-actions">
        <Link to={basePath(published.name)} className="button button-primary" data-testid="import-open-base">
          {t('import.done.open')} <ArrowRight aria-hidden="true" size={16} />
        </Link>
        <Button icon={Import} onClick={reset} testId="import-another">
          {t('import.done.another')}
        </Button>
      </div>
    </section>
  )
}
