import { chmod, mkdir, readFile, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { invalidInput, ioError, describeError } from '../errors'
import { writeFileAtomic } from '../git/atomic-write'
import { envToken } from '../git/auth'

/**
 * Tokens per remote host (`host[:port]`), injected into the sync engine. The desktop app keeps
 * them encrypted by the operating system (Electron's `safeStorage`, `src/main/credentials.ts`);
 * the CLI and the MCP server read `OKF_HUB_GIT_TOKEN`. A token is never written in clear, never
 * logged, never put in a URL or `.git/config`.
 */
export interface CredentialStore {
  get(host: string): Promise<string | null>
  set(host: string, token: string): Promise<void>
  delete(host: string): Promise<void>
  /** Hosts with a stored token (never the tokens). */
  hosts(): Promise<string[]>
  /** Whether `set` keeps the token beyond this process. */
  readonly persistent: boolean
}

/** `host[:port]` as typed by a person or taken from a URL: lowercased, no scheme, no path. */
export function normaliseHost(input: string): string {
  const raw = input.trim()
  let host = raw
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    try {
      host = new URL(raw).host
    } catch {
      host = ''
    }
  }
  host = host.toLowerCase()
  if (!/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(host))
    throw invalidInput(
      `hôte invalide : « ${raw.slice(0, 100)} » (attendu : nom d'hôte, éventuellement :port)`
    )
  return host
}

function checkToken(token: string): string {
  const t = token.trim()
  if (t === '' || /[\s\0]/.test(t) || t.length > 4096)
    throw invalidInput('jeton invalide : une chaîne non vide, sans espace ni retour à la ligne')
  return t
}

/**
 * This process's tokens: those set during the session (memory only), else the environment's
 * `OKF_HUB_GIT_TOKEN` for every host.
 */
export class MemoryCredentialStore implements CredentialStore {
  readonly persistent = false
  private readonly tokens = new Map<string, string>()

  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  async get(host: string): Promise<string | null> {
    return Promise.resolve(this.tokens.get(normaliseHost(host)) ?? envToken(this.env))
  }
  async set(host: string, token: string): Promise<void> {
    this.tokens.set(normaliseHost(host), checkToken(token))
    return Promise.resolve()
  }
  async delete(host: string): Promise<void> {
    this.tokens.delete(normaliseHost(host))
    return Promise.resolve()
  }
  async hosts(): Promise<string[]> {
    return Promise.resolve([...this.tokens.keys()].sort())
  }
}

/** What the OS keychain offers (Electron's `safeStorage` has exactly this shape). */
export interface StringCipher {
  isEncryptionAvailable(): boolean
  encryptString(plain: string): Buffer
  decryptString(encrypted: Buffer): string
  /** True when "encryption" would be a fixed key (Linux without a keyring: `basic_text`). */
  weak?(): boolean
}

/**
 * Tokens in one file encrypted as a whole by the OS keychain (`git-credentials.bin` in the
 * user-data folder): nothing in it is readable without the user's session. When the keychain
 * cannot encrypt (or only with a fixed key), `set` refuses instead of writing a token in clear;
 * `OKF_HUB_GIT_TOKEN` still applies as a fallback for every host.
 */
export class EncryptedFileCredentialStore implements CredentialStore {
  readonly persistent = true
  private cached: Map<string, string> | null = null

  constructor(
    private readonly file: string,
    private readonly cipher: StringCipher,
    private readonly env: NodeJS.ProcessEnv = process.env
  ) {}

  private usable(): boolean {
    return this.cipher.isEncryptionAvailable() && !(this.cipher.weak?.() ?? false)
  }

  private async load(): Promise<Map<string, string>> {
    if (this.cached) return this.cached
    let blob: Buffer
    try {
      blob = await readFile(this.file)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return (this.cached = new Map())
      throw ioError(`jetons enregistrés illisibles (${this.file}) : ${describeError(e)}`)
    }
    if (!this.usable())
      throw ioError(
        "le trousseau du système n'est pas disponible : les jetons enregistrés ne peuvent pas être lus"
      )
    let data: unknown
    try {
      data = JSON.parse(this.cipher.decryptString(blob))
    } catch {
      throw ioError(
        `jetons enregistrés indéchiffrables (${this.file}) : supprimez-les depuis les réglages et saisissez-les de nouveau`
      )
    }
    const map = new Map<string, string>()
    if (data && typeof data === 'object' && !Array.isArray(data))
      for (const [k, v] of Object.entries(data)) if (typeof v === 'string') map.set(k, v)
    return (this.cached = map)
  }

  private async save(map: Map<string, string>): Promise<void> {
    if (map.size === 0) {
      await rm(this.file, { force: true })
    } else {
      const blob = this.cipher.encryptString(JSON.stringify(Object.fromEntries(map)))
      await mkdir(dirname(this.file), { recursive: true })
      await writeFileAtomic(this.file, blob)
      await chmod(this.file, 0o600).catch(() => undefined)
    }
    this.cached = map
  }

  async get(host: string): Promise<string | null> {
    const h = normaliseHost(host)
    const stored = (await this.load()).get(h)
    return stored ?? envToken(this.env)
  }

  async set(host: string, token: string): Promise<void> {
    const h = normaliseHost(host)
    const t = checkToken(token)
    if (!this.usable())
      throw ioError(
        "le trousseau du système n'est pas disponible : le jeton n'est pas enregistré (il ne le serait qu'en clair) — utilisez OKF_HUB_GIT_TOKEN"
      )
    const map = new Map(await this.load())
    map.set(h, t)
    await this.save(map)
  }

  async delete(host: string): Promise<void> {
    const h = normaliseHost(host)
    const map = new Map(await this.load())
    if (!map.delete(h)) return
    await this.save(map)
  }

  async hosts(): Promise<string[]> {
    return [...(await this.load()).keys()].sort()
  }
}
