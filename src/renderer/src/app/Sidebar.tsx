import { Database, FilePlus2, Import, LayoutGrid, PlugZap, Trash2 } from 'lucide-react'
import { NavLink } from 'react-router'
import { useTranslation } from 'react-i18next'
import { basePath, hostsPath, importPath, newBasePath, overviewPath, trashPath } from './routes'
import { useBases } from '../stores/bases'
import { Spinner } from '../ui/Spinner'

/** The bases of this machine, with what waits in each. */
export function Sidebar(): React.JSX.Element {
  const { t } = useTranslation()
  const overview = useBases((s) => s.overview)
  const loading = useBases((s) => s.loading)
  return (
    <nav className="sidebar" aria-label={t('nav.bases')}>
      <div className="sidebar-brand">
        <span className="brand-mark" aria-hidden="true">
          OKF
        </span>
        <span className="brand-name">OKF Hub</span>
      </div>
      <NavLink to={overviewPath()} end className="sidebar-link" data-testid="sidebar-overview">
        <LayoutGrid aria-hidden="true" size={16} />
        <span className="sidebar-label">{t('nav.overview')}</span>
      </NavLink>
      <NavLink to={importPath()} className="sidebar-link" data-testid="sidebar-import">
        <Import aria-hidden="true" size={16} />
        <span className="sidebar-label">{t('nav.import')}</span>
      </NavLink>
      <NavLink to={newBasePath()} className="sidebar-link" data-testid="sidebar-new">
        <FilePlus2 aria-hidden="true" size={16} />
        <span className="sidebar-label">{t('nav.newBase')}</span>
      </NavLink>
      <h2 className="sidebar-heading">
        {t('nav.bases')} {loading && !overview ? <Spinner inline /> : null}
      </h2>
      <ul className="sidebar-list">
        {(overview?.bases ?? []).map((b) => (
          <li key={b.name}>
            <NavLink
              to={basePath(b.name)}
              className="sidebar-link"
              title={b.title}
              data-testid={`sidebar-base-${b.name}`}
            >
              <Database aria-hidden="true" size={16} />
              <span className="sidebar-label">{b.name}</span>
              {b.pending > 0 ? (
                <span
                  className="badge badge-accent"
                  aria-label={t('bases.pendingCount', { count: b.pending })}
                >
                  {b.pending}
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
      {overview && overview.bases.length === 0 ? <p className="sidebar-empty">{t('nav.noBases')}</p> : null}
      <h2 className="sidebar-heading">{t('nav.manage')}</h2>
      <NavLink to={hostsPath()} className="sidebar-link" data-testid="sidebar-hosts">
        <PlugZap aria-hidden="true" size={16} />
        <span className="sidebar-label">{t('nav.hosts')}</span>
      </NavLink>
      <NavLink to={trashPath()} className="sidebar-link" data-testid="sidebar-trash">
        <Trash2 aria-hidden="true" size={16} />
        <span className="sidebar-label">{t('nav.trash')}</span>
      </NavLink>
    </nav>
  )
}
