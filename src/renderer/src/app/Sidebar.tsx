import { Database, FilePlus2, Import, LayoutGrid, PlugZap, Trash2, type LucideIcon } from 'lucide-react'
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
      <SidebarLink
        to={overviewPath()}
        end
        icon={LayoutGrid}
        label={t('nav.overview')}
        testId="sidebar-overview"
      />
      <SidebarLink to={importPath()} icon={Import} label={t('nav.import')} testId="sidebar-import" />
      <SidebarLink to={newBasePath()} icon={FilePlus2} label={t('nav.newBase')} testId="sidebar-new" />
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
      <SidebarLink to={hostsPath()} icon={PlugZap} label={t('nav.hosts')} testId="sidebar-hosts" />
      <SidebarLink to={trashPath()} icon={Trash2} label={t('nav.trash')} testId="sidebar-trash" />
    </nav>
  )
}

/** One of the frame's fixed places (the overview, import, a new base, AI apps, the trash). */
function SidebarLink(props: {
  to: string
  end?: boolean
  icon: LucideIcon
  label: string
  testId: string
}): React.JSX.Element {
  const Icon = props.icon
  return (
    <NavLink to={props.to} end={props.end} className="sidebar-link" data-testid={props.testId}>
      <Icon aria-hidden="true" size={16} />
      <span className="sidebar-label">{props.label}</span>
    </NavLink>
  )
}
