import type { HubInfo } from '../../shared/hub-api'

declare global {
  interface Window {
    api?: { info: () => HubInfo }
  }
}

export function App(): React.JSX.Element {
  const info = window.api?.info()
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>OKF Hub</h1>
      <p>Les bases de connaissance de ce poste sont servies aux agents par le serveur MCP intégré.</p>
      {info ? <p>Plateforme : {info.platform}</p> : null}
    </main>
  )
}
