import { createHashRouter, Navigate, RouterProvider } from 'react-router'
import { AppShell } from './components/AppShell'
import { Skeleton } from './components/Skeleton'
import { BaseScreen } from './screens/BaseScreen'
import { BasesOverviewScreen } from './screens/BasesOverviewScreen'
import { BaseTabs } from './screens/BaseTabs'
import { InventoryTab } from './screens/InventoryTab'
import { NotFoundScreen } from './screens/NotFoundScreen'
import { RouteErrorScreen } from './screens/RouteErrorScreen'
import { prefetchInventory } from './api/prefetch'

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
      { path: 'settings', lazy: lazily(() => import('./screens/SettingsScreen'), 'SettingsScreen') },
      { path: 'import', lazy: lazily(() => import('./screens/ImportScreen'), 'ImportScreen') },
      { path: 'new', lazy: lazily(() => import('./screens/NewBaseScreen'), 'NewBaseScreen') },
      { path: 'trash', lazy: lazily(() => import('./screens/TrashScreen'), 'TrashScreen') },
      { path: 'hosts', lazy: lazily(() => import('./screens/HostsScreen'), 'HostsScreen') },
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
              { path: 'corpus/*', lazy: lazily(() => import('./screens/CorpusTab'), 'CorpusTab') },
              { path: 'governance', lazy: lazily(() => import('./screens/GovernanceTab'), 'GovernanceTab') },
              { path: 'history', lazy: lazily(() => import('./screens/HistoryTab'), 'HistoryTab') },
              { path: 'insights', lazy: lazily(() => import('./screens/InsightsTab'), 'InsightsTab') }
            ]
          },
          { path: 'proposal/:id', lazy: lazily(() => import('./screens/ProposalScreen'), 'ProposalScreen') },
          { path: 'history/:commit', lazy: lazily(() => import('./screens/CommitScreen'), 'CommitScreen') },
          {
            path: 'proposal/:id/trail',
            lazy: lazily(() => import('./screens/AuditTrailScreen'), 'AuditTrailScreen')
          },
          { path: 'plan', lazy: lazily(() => import('./screens/PlanScreen'), 'PlanScreen') },
          {
            path: 'changes',
            lazy: lazily(() => import('./screens/LocalChangesScreen'), 'LocalChangesScreen')
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
