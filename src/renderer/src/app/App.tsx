import { createHashRouter, Navigate, RouterProvider } from 'react-router'
import { AppShell } from './AppShell'
import { Skeleton } from '../ui/Skeleton'
import { BaseScreen } from '../features/bases/BaseScreen'
import { BasesOverviewScreen } from '../features/bases/BasesOverviewScreen'
import { BaseTabs } from '../features/bases/BaseTabs'
import { InventoryTab } from '../features/inventory/InventoryTab'
import { NotFoundScreen } from './NotFoundScreen'
import { RouteErrorScreen } from './RouteErrorScreen'
import { prefetchInventory } from '../api/prefetch'

/**
 * Hash routes: the app is loaded from file:// in Electron and from `/` over HTTP. Only the
 * overview, the base frame and the inventory are in the first script: every other screen loads on
 * first use — the plan editor (CodeMirror, the diff view), the readers (markdown-it, DOMPurify) —
 * so the screens a manager opens first parse and run less (docs/PERFORMANCE.md « Manager UI »).
 */
type Screens = Record<string, React.ComponentType>
const lazily =
  (load: () => Promise<Screens>, name: string) => async (): Promise<{ Component: React.ComponentType }> => ({
    Component: (await load())[name]
  })
const router = createHashRouter([
  {
    path: '/',
    element: <AppShell />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <Skeleton />,
    children: [
      { index: true, element: <BasesOverviewScreen /> },
      {
        path: 'settings',
        lazy: lazily(() => import('../features/settings/SettingsScreen'), 'SettingsScreen')
      },
      { path: 'import', lazy: lazily(() => import('../features/import/ImportScreen'), 'ImportScreen') },
      { path: 'new', lazy: lazily(() => import('../features/new-base/NewBaseScreen'), 'NewBaseScreen') },
      { path: 'trash', lazy: lazily(() => import('../features/trash/TrashScreen'), 'TrashScreen') },
      { path: 'hosts', lazy: lazily(() => import('../features/hosts/HostsScreen'), 'HostsScreen') },
      {
        path: 'base/:base',
        element: <BaseScreen />,
        children: [
          {
            element: <BaseTabs />,
            children: [
              { index: true, element: <Navigate to="inventory" replace /> },
              {
                path: 'inventory',
                element: <InventoryTab />,
                // Not awaited: the screen shows at once and takes the answer when it comes.
                loader: ({ params }) => {
                  if (params.base) prefetchInventory(params.base)
                  return null
                }
              },
              { path: 'corpus/*', lazy: lazily(() => import('../features/corpus/CorpusTab'), 'CorpusTab') },
              {
                path: 'governance',
                lazy: lazily(() => import('../features/governance/GovernanceTab'), 'GovernanceTab')
              },
              { path: 'history', lazy: lazily(() => import('../features/history/HistoryTab'), 'HistoryTab') },
              {
                path: 'insights',
                lazy: lazily(() => import('../features/insights/InsightsTab'), 'InsightsTab')
              }
            ]
          },
          {
            path: 'proposal/:id',
            lazy: lazily(() => import('../features/proposal/ProposalScreen'), 'ProposalScreen')
          },
          {
            path: 'history/:commit',
            lazy: lazily(() => import('../features/history/CommitScreen'), 'CommitScreen')
          },
          {
            path: 'proposal/:id/trail',
            lazy: lazily(() => import('../features/history/AuditTrailScreen'), 'AuditTrailScreen')
          },
          { path: 'plan', lazy: lazily(() => import('../features/plan/PlanScreen'), 'PlanScreen') },
          {
            path: 'changes',
            lazy: lazily(() => import('../features/local-changes/LocalChangesScreen'), 'LocalChangesScreen')
          }
        ]
      },
      { path: '*', element: <NotFoundScreen /> }
    ]
  }
])

export function App(): React.JSX.Element {
  return <RouterProvider router={router} />
}
