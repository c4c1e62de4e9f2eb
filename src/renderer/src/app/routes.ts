/** Hash-router paths, built in one place (segments encoded). */
const enc = encodeURIComponent
const encPath = (p: string): string => p.split('/').map(enc).join('/')

export const overviewPath = (): string => '/'
export const settingsPath = (): string => '/settings'
export const basePath = (base: string): string => `/base/${enc(base)}`
export const inventoryPath = (base: string): string => `/base/${enc(base)}/inventory`
export const corpusPath = (base: string, doc?: string | null): string =>
  `/base/${enc(base)}/corpus${doc ? `/${encPath(doc)}` : ''}`
export const governancePath = (base: string): string => `/base/${enc(base)}/governance`
export const historyPath = (base: string): string => `/base/${enc(base)}/history`
export const insightsPath = (base: string): string => `/base/${enc(base)}/insights`
/** One commit of the history: its words, its message and its diff. */
export const commitPath = (base: string, commit: string): string =>
  `/base/${enc(base)}/history/${enc(commit)}`
export const proposalPath = (base: string, id: string): string => `/base/${enc(base)}/proposal/${enc(id)}`
export const auditPath = (base: string, id: string): string => `/base/${enc(base)}/proposal/${enc(id)}/trail`
export const planPath = (base: string): string => `/base/${enc(base)}/plan`
/** A base's uncommitted changes; `from=plan` when a plan stopped on them (the way back offered). */
export const localChangesPath = (base: string, from?: 'plan'): string =>
  `/base/${enc(base)}/changes${from ? `?from=${from}` : ''}`
export const importPath = (): string => '/import'
export const newBasePath = (): string => '/new'
export const trashPath = (): string => '/trash'
export const hostsPath = (): string => '/hosts'
