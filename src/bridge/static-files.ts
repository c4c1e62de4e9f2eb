import { readFile, realpath, stat } from 'node:fs/promises'
import { extname, join, sep } from 'node:path'

/**
 * The built renderer (`out/renderer`), served read-only. A request path is decoded once, must be
 * plain segments (no `..`, no backslash, no NUL, no drive or UNC form, no hidden file), and the
 * real path of what it names must stay inside the renderer folder — a symlink planted there
 * cannot serve a byte from elsewhere.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8'
}

/**
 * Vite names every built script and style sheet after its content (`assets/boot-Bd4lLO2L.js`): such
 * a file never changes under its name, so the browser keeps it — and, what matters more, keeps
 * V8's compiled code for it. Served `no-cache`, each page load compiled the app's ~575 KB again
 * and ran it cold (docs/PERFORMANCE.md « Manager UI »). The HTML stays `no-cache`: it names the
 * current hashes after a rebuild.
 */
const HASHED_ASSET = /^\/assets\/[\w.-]+-[\w-]{8}\.(?:js|css)$/

export function cacheControlFor(urlPath: string): string {
  return HASHED_ASSET.test(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache'
}

export interface StaticFile {
  body: Buffer
  type: string
}

/** Null for anything that is not a file of the renderer folder (the caller answers 404). */
export async function staticFile(rootReal: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded === '/' || decoded === '') decoded = '/index.html'
  const segs = decoded.split('/').slice(1)
  const bad = segs.some((s) => s === '' || s === '.' || s === '..' || s.startsWith('.') || /[\\\0:%]/.test(s))
  if (bad) return null
  const type = TYPES[extname(decoded).toLowerCase()]
  if (!type) return null
  let real: string
  try {
    real = await realpath(join(rootReal, ...segs))
    if (!real.startsWith(rootReal + sep)) return null
    if (!(await stat(real)).isFile()) return null
    return { body: await readFile(real), type }
  } catch {
    return null
  }
}
