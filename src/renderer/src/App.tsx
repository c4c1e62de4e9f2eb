import { createHashRouter, Navigate, RouterProvider } from 'react-router'
import { AppShell } from './components/AppShell'
import { Skeleton } from './components/Skeleton'
import { AuditTrailScreen } from './screens/AuditTrailScreen'
import { BaseScreen } from './screens/BaseScreen'
import { BasesOverviewScreen } from './screens/BasesOverviewScreen'
import { BaseTabs } from './screens/BaseTabs'
import { CorpusTab } from './screens/CorpusTab'
import { GovernanceTab } from './screens/GovernanceTab'
import { HistoryTab } from './screens/HistoryTab'
import { HostsScreen } from './screens/HostsScreen'
import { ImportScreen } from './screens/ImportScreen'
import { InventoryTab } from './screens/InventoryTab'
import { NewBaseScreen } from './screens/NewBaseScreen'
import { NotFoundScreen } from './screens/NotFoundScreen'
import { ProposalScreen } from './screens/ProposalScreen'
import { RouteErrorScreen } from './screens/RouteErrorScreen'
import { SettingsScreen } from './screens/SettingsScreen'
import { TrashScreen } from './screens/TrashScreen'

/**
 * Hash routes: the app is loaded from file:// in Electron and from `/` over HTTP. The plan
 * editor (CodeMirror, the diff view) loads on first use, so the inventory opens fast.
 */
const router = createHashRouter([
  {
    path: '/',
    element: <AppShell />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <Skeleton />,
    children: [
      { index: true, element: <BasesOverviewScreen /> },
      { path: 'settings', element: <SettingsScreen /> },
      { path: 'import', element: <ImportScreen /> },
      { path: 'new', element: <NewBaseScreen /> },
      { path: 'trash', element: <TrashScreen /> },
      { path: 'hosts', element: <HostsScreen /> },
      {
        path: 'base/:base',
        element: <BaseScreen />,
        children: [
          {
            element: <BaseTabs />,
            children: [
              { index: true, element: <Navigate to="inventory" replace /> },
              { path: 'inventory', element: <InventoryTab /> },
              { path: 'corpus/*', element: <CorpusTab /> },
              { path: 'governance', element: <GovernanceTab /> },
              { path: 'history', element: <HistoryTab /> }
            ]
          },
          { path: 'proposal/:id', element: <ProposalScreen /> },
          { path: 'proposal/:id/trail', element: <AuditTrailScreen /> },
          {
            path: 'plan',
            lazy: async () => ({ Component: (await import('./screens/PlanScreen')).PlanScreen })
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
