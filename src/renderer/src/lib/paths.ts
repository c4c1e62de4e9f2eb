/** Folders leading to a corpus path (`a/b/c.md` → `a`, `a/b`). */
export function ancestorsOf(path: string): string[] {
  const segs = path.split('/').slice(0, -1)
  return segs.map((_, i) => segs.slice(0, i + 1).join('/'))
}

export type LinkTarget =
  | { kind: 'web'; url: string }
  | { kind: 'document'; base: string | null; path: string }
  | { kind: 'other'; url: string }

/**
 * Where a link of a corpus document leads: a web page (http/https), another document of this
 * corpus (relative `.md` path), a document of another base (`other-base:/path.md`), or somewhere
 * the app does not go (mailto:, anchors, anything else).
 */
export function linkTarget(href: string, fromPath: string | null, bases: string[]): LinkTarget {
  const trimmed = href.trim()
  if (/^https?:\/\//i.test(trimmed)) return { kind: 'web', url: trimmed }
  const inter = /^([a-z0-9][a-z0-9-]*):\/?(.+\.md)(#.*)?$/i.exec(trimmed)
  if (inter && bases.includes(inter[1])) {
    const path = normalise(inter[2])
    if (path) return { kind: 'document', base: inter[1], path }
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('#') || trimmed.startsWith('//'))
    return { kind: 'other', url: trimmed }
  const noHash = trimmed.split('#')[0].split('?')[0]
  if (!/\.md$/i.test(noHash)) return { kind: 'other', url: trimmed }
  let decoded = noHash
  try {
    decoded = decodeURIComponent(noHash)
  } catch {
    // keep it as written
  }
  const dir = fromPath ? fromPath.split('/').slice(0, -1) : []
  const joined = decoded.startsWith('/') ? decoded.slice(1) : [...dir, decoded].join('/')
  const path = normalise(joined)
  if (path === null) return { kind: 'other', url: trimmed }
  return { kind: 'document', base: null, path }
}

function normalise(path: string): string | null {
  const out: string[] = []
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue
    if (seg === '..') {
      if (out.length === 0) return null
      out.pop()
    } else out.push(seg)
  }
  return out.length ? out.join('/') : null
}

/**
 * The document paths a path field suggests for what is typed: those starting with it first, then
 * those containing it (case ignored), at most `limit`. A corpus has thousands of documents; a
 * datalist of all of them, one per field of the plan screen, was 40,000 elements on a base of
 * 10,000 documents, reconciled on every keystroke (docs/PERFORMANCE.md « Manager UI »).
 */
export function suggestPaths(documents: readonly string[], typed: string, limit = 50): string[] {
  const q = typed.trim().toLowerCase()
  const starts: string[] = []
  const contains: string[] = []
  for (const d of documents) {
    const l = d.toLowerCase()
    if (l.startsWith(q)) {
      starts.push(d)
      if (starts.length >= limit) break
    } else if (contains.length < limit && l.includes(q)) contains.push(d)
  }
  return [...starts, ...contains].slice(0, limit)
}
