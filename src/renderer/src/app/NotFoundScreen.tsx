import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../ui/EmptyState'
import { overviewPath } from './routes'

export function NotFoundScreen(): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <div className="screen">
      <EmptyState title={t('notFound.title')}>
        <p>
          <Link to={overviewPath()}>{t('base.backToOverview')}</Link>
        </p>
      </EmptyState>
    </div>
  )
}
