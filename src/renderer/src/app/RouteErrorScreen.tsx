import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { useTranslation } from 'react-i18next'
import { overviewPath } from './routes'
import { Button } from '../ui/Button'

/** A screen that failed to render (or to load its code): say so, offer a way back. */
export function RouteErrorScreen(): React.JSX.Element {
  const { t } = useTranslation()
  const error = useRouteError()
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error)
  return (
    <main className="screen route-error" id="main">
      <h1>{t('routeError.title')}</h1>
      <p>{t('routeError.body')}</p>
      <p className="error-detail">{detail}</p>
      <p>
        <Link to={overviewPath()}>{t('base.backToOverview')}</Link>{' '}
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </p>
    </main>
  )
}
