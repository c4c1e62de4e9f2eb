import { BookOpen, History, Inbox, Lightbulb, Scale } from 'lucide-react'
import { NavLink, Outlet, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { corpusPath, governancePath, historyPath, insightsPath, inventoryPath } from '../../app/routes'
import { useBases } from '../../stores/bases'

/** Inventory, Corpus, Governance, History, Insights: the base's five views, as links (each has its URL). */
export function BaseTabs(): React.JSX.Element {
  const { t } = useTranslation()
  const base = useParams().base ?? ''
  const pending = useBases((s) => s.overview?.bases.find((b) => b.name === base)?.pending ?? null)
  const tabs = [
    { id: 'inventory', to: inventoryPath(base), icon: Inbox, label: t('tabs.inventory'), count: pending },
    { id: 'corpus', to: corpusPath(base), icon: BookOpen, label: t('tabs.corpus'), count: null },
    { id: 'governance', to: governancePath(base), icon: Scale, label: t('tabs.governance'), count: null },
    { id: 'history', to: historyPath(base), icon: History, label: t('tabs.history'), count: null },
    { id: 'insights', to: insightsPath(base), icon: Lightbulb, label: t('tabs.insights'), count: null }
  ]
  return (
    <>
      <nav className="tabs" aria-label={t('tabs.label')}>
        {tabs.map(({ id, to, icon: Icon, label, count }) => (
          <NavLink key={id} to={to} className="tab" data-testid={`tab-${id}`}>
            <Icon aria-hidden="true" size={16} />
            {label}
            {count ? <span className="badge badge-accent">{count}</span> : null}
          </NavLink>
        ))}
      </nav>
      <div className="tab-panel">
        <Outlet />
      </div>
    </>
  )
}
