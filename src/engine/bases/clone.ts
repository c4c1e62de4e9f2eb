import { HubError, describeError, invalidInput, ioError, notFound } from '../errors'
import type { ImportPhase } from '../../shared/hub-api'
import { TOKEN_USER as AUTH_USERNAME } from '../git/auth'
import { WriteGate } from './write-gate'

/**
 * The HTTP(S) clone of an import, with isomorphic-git: full history (no depth), one branch when
 * asked, progress, cancel, and a token that lives in memory only.
 *
 * - **Token**: handed to isomorphic-git only through `onAuth`, which it calls after the server
 *   answered 401 — so a public repository never receives it — in the Basic form shared with sync
 *   (`git/auth.ts`: user `oauth2`, the token as password). isomorphic-git keeps credentials out
 *   of `.git/config` unless they are in the URL, which the import refuses.
 * - **Cancel**: isomorphic-git's clone takes no abort signal. The http plugin is wrapped: every
 *   request gets the job's signal (the socket is destroyed when it fires) and every response body
 *   is read through an iterator that rejects at once on abort; the phases that do not touch the
 *   network (resolving deltas, checkout) stop at their next progress callback, which throws.
 *   Its writes go through a `WriteGate` (`write-gate.ts`) that the signal closes; a failed clone
 *   returns only once the writes it had started are done, so the folder it removes stays removed.
 * - **Stalls**: no answer within 30 s, or a body silent for 60 s, aborts the request as an
 *   unreachable host — isomorphic-git itself would wait forever.
 */

export const CONNECT_TIMEOUT_MS = 30_000
export const IDLE_TIMEOUT_MS = 60_000

export interface CloneProgress {
  phase: ImportPhase
  loaded: number
  total: number | null
}

export interface CloneOptions {
  url: string
  dir: string
  branch?: string
  token?: string
  /** Asked when the server wants credentials and no token was given (the CLI's hidden prompt). */
  askToken?: () => Promise<string | null>
  signal: AbortSignal
  onProgress(p: CloneProgress): void
  connectTimeoutMs?: number
  idleTimeoutMs?: number
}

/** Why a request was aborted by us, not by the manager. */
class StallError extends Error {
  constructor(readonly after: 'connect' | 'idle') {
    super(after === 'connect' ? 'no answer' : 'stalled')
    this.name = 'StallError'
  }
}

/** Thrown (and recognised) when the job's signal fired. */
export class ImportCancelled extends Error {
  constructor() {
    super('import annulé')
    this.name = 'ImportCancelled'
  }
}

interface GitHttpRequest {
  url: string
  method?: string
  headers?: Record<string, string>
  body?: unknown
  signal?: AbortSignal
  [k: string]: unknown
}
interface GitHttpResponse {
  url: string
  statusCode: number
  statusMessage: string
  headers: Record<string, string>
  body?: AsyncIterableIterator<Uint8Array>
  [k: string]: unknown
}
interface HttpClient {
  request(req: GitHttpRequest): Promise<GitHttpResponse>
}

function iteratorOf(body: AsyncIterableIterator<Uint8Array>): AsyncIterator<Uint8Array> {
  return typeof body[Symbol.asyncIterator] === 'function' ? body[Symbol.asyncIterator]() : body
}

/** The http plugin under the job's signal and the stall timers. */
export function abortableHttp(
  base: HttpClient,
  jobSignal: AbortSignal,
  connectMs: number,
  idleMs: number,
  /** Called when a response body has been read to its end (not when it failed or was dropped). */
  onBodyEnd?: (req: GitHttpRequest) => void
): HttpClient {
  return {
    async request(req: GitHttpRequest): Promise<GitHttpResponse> {
      if (jobSignal.aborted) throw new ImportCancelled()
      const ctl = new AbortController()
      const onJobAbort = (): void => ctl.abort(new ImportCancelled())
      jobSignal.addEventListener('abort', onJobAbort, { once: true })
      const done = (): void => jobSignal.removeEventListener('abort', onJobAbort)
      let timer = setTimeout(() => ctl.abort(new StallError('connect')), connectMs)
      let res: GitHttpResponse
      try {
        res = await base.request({ ...req, signal: ctl.signal })
      } catch (e) {
        clearTimeout(timer)
        done()
        throw ctl.signal.aborted ? ctl.signal.reason : e
      }
      clearTimeout(timer)
      if (!res.body) {
        done()
        return res
      }
      const inner = iteratorOf(res.body)
      let finished = false
      const finish = (): void => {
        if (finished) return
        finished = true
        clearTimeout(timer)
        done()
        void inner.return?.()
      }
      const aborted = new Promise<never>((_, reject) => {
        const fire = (): void => reject(ctl.signal.reason)
        if (ctl.signal.aborted) fire()
        else ctl.signal.addEventListener('abort', fire, { once: true })
      })
      aborted.catch(() => undefined)
      const body: AsyncIterableIterator<Uint8Array> = {
        async next(): Promise<IteratorResult<Uint8Array>> {
          if (finished) return { done: true, value: undefined }
          clearTimeout(timer)
          timer = setTimeout(() => ctl.abort(new StallError('idle')), idleMs)
          try {
            const r = await Promise.race([inner.next(), aborted])
            if (r.done) {
              finish()
              onBodyEnd?.(req)
            }
            return r
          } catch (e) {
            finish()
            throw ctl.signal.aborted ? ctl.signal.reason : e
          }
        },
        async return(): Promise<IteratorResult<Uint8Array>> {
          finish()
          return Promise.resolve({ done: true, value: undefined })
        },
        [Symbol.asyncIterator]() {
          return this
        }
      }
      return { ...res, body }
    }
  }
}

const PHASES: [RegExp, ImportPhase][] = [
  [/^counting/i, 'counting'],
  [/^compressing/i, 'compressing'],
  [/^receiving/i, 'receiving'],
  [/^resolving/i, 'resolving'],
  [/workdir|checkout/i, 'checking-out']
]

/** The phases isomorphic-git reports itself while indexing the pack it received (awaited). */
const INDEXING_PHASES = new Set(['Receiving objects', 'Resolving deltas'])

export function phaseOf(gitPhase: string): ImportPhase {
  for (const [re, phase] of PHASES) if (re.test(gitPhase)) return phase
  return 'preparing'
}

/**
 * Fetches `url` into `dir` (which must not exist or be empty): objects, refs, HEAD on the branch,
 * `origin` the plain URL — no worktree yet. Every failure is a HubError.
 */
export async function cloneOverHttp(o: CloneOptions): Promise<void> {
  const git = await import('isomorphic-git')
  const httpNode = (await import('isomorphic-git/http/node')).default as unknown as HttpClient
  // The pack is the body of the clone's one POST (git-upload-pack).
  let packArrived = false
  const http = abortableHttp(
    httpNode,
    o.signal,
    o.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    o.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
    (req) => {
      if ((req.method ?? 'GET').toUpperCase() === 'POST') packArrived = true
    }
  )
  let token = o.token
  const auth = { offered: false, asked: false }
  const gate = new WriteGate(o.signal, () => new ImportCancelled())
  try {
    await git.clone({
      fs: gate.fs,
      http: http as never,
      dir: o.dir,
      url: o.url,
      ref: o.branch,
      singleBranch: o.branch !== undefined,
      // The worktree is written by checkoutHead (checkout.ts), much faster for a fresh folder.
      noCheckout: true,
      cache: {},
      onProgress: (p) => {
        if (o.signal.aborted) {
          // The progress lines the server sends (counting, compressing…) reach us from a loop
          // isomorphic-git does not await: a throw there is an unhandled rejection, which took
          // `okf-hub ui` down when a cancel landed in those phases. Until the pack has arrived the
          // aborted request stops the clone; only the indexing that follows (its own two phases,
          // whose progress it awaits) is stopped by a throw.
          if (packArrived && INDEXING_PHASES.has(p.phase)) throw new ImportCancelled()
          return
        }
        o.onProgress({ phase: phaseOf(p.phase), loaded: p.loaded, total: p.total ?? null })
      },
      onAuth: async () => {
        if (token === undefined && o.askToken && !auth.asked) {
          auth.asked = true
          token = (await o.askToken()) ?? undefined
        }
        if (token === undefined || token === '') return { cancel: true }
        auth.offered = true
        return { username: AUTH_USERNAME, password: token }
      }
    })
  } catch (e) {
    // The caller removes the folder next: nothing of this clone may still be writing into it.
    await gate.drained()
    throw await translateCloneError(e, { ...o, token }, auth.offered, http)
  }
}

function hostOf(url: string): string {
  return new URL(url).host
}

interface GitLikeError {
  code?: string
  data?: { statusCode?: number; statusMessage?: string; what?: string }
  message?: string
}

const NETWORK_CODES: Record<string, string> = {
  ENOTFOUND: 'nom d’hôte inconnu du DNS',
  EAI_AGAIN: 'résolution DNS impossible pour l’instant',
  ECONNREFUSED: 'connexion refusée',
  ECONNRESET: 'connexion coupée par le serveur',
  ETIMEDOUT: 'délai de connexion dépassé',
  EHOSTUNREACH: 'hôte inaccessible',
  ENETUNREACH: 'réseau inaccessible',
  EPIPE: 'connexion coupée',
  CERT_HAS_EXPIRED: 'certificat TLS du serveur expiré',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'certificat TLS auto-signé',
  SELF_SIGNED_CERT_IN_CHAIN: 'certificat TLS auto-signé dans la chaîne',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificat TLS non vérifiable',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificat TLS établi pour un autre nom'
}

/**
 * One human sentence per failure, with what to do. Never the token: messages are built from the
 * URL (which carries no credentials), HTTP statuses and error codes only.
 */
async function translateCloneError(
  e: unknown,
  o: CloneOptions,
  tokenOffered: boolean,
  http: HttpClient
): Promise<HubError> {
  if (e instanceof HubError) return e
  if (e instanceof ImportCancelled || o.signal.aborted) return cancelledError()
  const host = hostOf(o.url)
  if (e instanceof StallError)
    return ioError(
      `hôte ${host} injoignable : ${e.after === 'connect' ? 'aucune réponse' : 'plus rien reçu'} depuis ${Math.round((e.after === 'connect' ? (o.connectTimeoutMs ?? CONNECT_TIMEOUT_MS) : (o.idleTimeoutMs ?? IDLE_TIMEOUT_MS)) / 1000)} s. Vérifiez l'adresse et votre connexion réseau (proxy, VPN), puis réessayez`,
      {
        kind: 'import-unreachable',
        params: { host, reason: e.after === 'connect' ? 'no-answer' : 'stalled' }
      }
    )
  const err = (e ?? {}) as GitLikeError & NodeJS.ErrnoException
  const code = err.code ?? ''
  if (code === 'UserCanceledError')
    return invalidInput(
      `le dépôt ${o.url} demande une authentification : il est privé, ou l'adresse est fausse (certains hébergeurs répondent ainsi pour un dépôt inexistant). Donnez un jeton d'accès en lecture (champ « jeton » de l'assistant, variable OKF_HUB_GIT_TOKEN pour okf-hub import) et vérifiez l'adresse`,
      { kind: 'import-auth-required', params: { url: o.url } }
    )
  if (code === 'HttpError') {
    const status = err.data?.statusCode ?? 0
    if (status === 401 || status === 403) {
      if (tokenOffered)
        return invalidInput(
          `jeton refusé par ${host} (HTTP ${status}) : il est faux, expiré, ou ne donne pas le droit de lecture sur ce dépôt. Créez un jeton avec l'accès en lecture au dépôt (GitHub : Contents read-only ; GitLab : read_repository ; Gitea : read:repository) et réessayez`,
          { kind: 'import-token-refused', params: { host, status } }
        )
      return invalidInput(
        `le dépôt ${o.url} refuse l'accès (HTTP ${status}) : il est privé. Donnez un jeton d'accès en lecture (champ « jeton » de l'assistant, variable OKF_HUB_GIT_TOKEN pour okf-hub import)`,
        { kind: 'import-access-denied', params: { url: o.url, status } }
      )
    }
    if (status === 404 || status === 410)
      return notFound(
        `aucun dépôt git à l'adresse ${o.url} (HTTP ${status}) : vérifiez l'URL — celle que donne le bouton « Clone » de l'hébergeur, en https, souvent terminée par .git`,
        { kind: 'import-repo-not-found', params: { url: o.url, status } }
      )
    if (status >= 500)
      return ioError(`le serveur ${host} est en erreur (HTTP ${status}) : réessayez plus tard`, {
        kind: 'import-server-error',
        params: { host, status }
      })
    return notFound(
      `${o.url} n'a pas répondu comme un dépôt git (HTTP ${status}) : vérifiez que c'est bien l'adresse de clonage du dépôt`,
      { kind: 'import-not-git', params: { url: o.url } }
    )
  }
  if (code === 'SmartHttpError' || code === 'EmptyServerResponseError' || code === 'ParseError')
    return notFound(
      `${o.url} n'est pas un dépôt git (la réponse est une page web, pas le protocole git) : donnez l'adresse de clonage du dépôt (bouton « Clone » de l'hébergeur, souvent terminée par .git), pas celle de sa page`,
      { kind: 'import-not-git', params: { url: o.url } }
    )
  if (code === 'NotFoundError' && o.branch !== undefined) {
    const branches = await branchList(o, http)
    return notFound(
      `branche '${o.branch}' absente du dépôt ${o.url}${branchesText(branches)} : vérifiez son nom, ou laissez le champ vide pour la branche par défaut`,
      { kind: 'import-branch-missing', params: { branch: o.branch, source: o.url, branches: branches ?? [] } }
    )
  }
  if (code in NETWORK_CODES)
    return ioError(
      `hôte ${host} injoignable (${NETWORK_CODES[code]}) : vérifiez l'adresse, votre connexion réseau (proxy, VPN), puis réessayez`,
      { kind: 'import-unreachable', params: { host, reason: code } }
    )
  return ioError(`clonage de ${o.url} impossible : ${describeError(e)}`, {
    kind: 'import-clone-failed',
    params: { url: o.url }
  })
}

/** The branches as the contract's sentence lists them ('' when they could not be listed). */
function branchesText(names: string[] | null): string {
  if (names === null) return ''
  if (names.length === 0) return ' (le dépôt n’a aucune branche)'
  const shown = names.slice(0, 20).join(', ')
  return ` (branches présentes : ${shown}${names.length > 20 ? `, … ${names.length - 20} autres` : ''})`
}

/** The server's branch names, null when they could not be listed. */
async function branchList(o: CloneOptions, http: HttpClient): Promise<string[] | null> {
  try {
    const git = await import('isomorphic-git')
    const refs = await git.listServerRefs({
      http: http as never,
      url: o.url,
      prefix: 'refs/heads/',
      onAuth: () => (o.token ? { username: AUTH_USERNAME, password: o.token } : { cancel: true })
    })
    return refs.map((r) => r.ref.replace(/^refs\/heads\//, ''))
  } catch {
    return null
  }
}

export function cancelledError(): HubError {
  return ioError("import annulé : rien n'a été gardé", { kind: 'import-cancelled' })
}
