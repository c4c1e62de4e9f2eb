import { readFileSync } from 'node:fs'
import { ErrorCode, ProtocolError, RESOURCE_NOT_FOUND } from './protocol-error'
import { HubError, describeError } from '../engine/errors'
import type { Base } from '../engine/registry/base'
import { MANIFEST_FILE } from '../engine/registry/manifest'
import { countDocuments } from '../engine/corpus/count'
import {
  documentsWithPrefix,
  firstDocuments,
  readCorpusDocument,
  resolveCorpusDocument
} from '../engine/corpus/browse'
import { join } from 'node:path'
import type { HubContext } from './tool'

/**
 * Documents as MCP resources: `okf://<base>/<path>` for every corpus document (the path relative
 * to corpus-dir, as kb_read takes it), plus `okf://<base>/GOVERNANCE.md`, `okf://<base>/okf-bundle.yaml`
 * and, when declared, `okf://<base>/schema.yaml`. Those three names are excluded from every corpus
 * (document-rule.ts), so they can never shadow a document. A URI is never a path: the base is a
 * key into the registry, the path goes through kb_read's containment and the document rule.
 */

export const RESOURCE_TEMPLATE = 'okf://{base}/{+path}'
/** Documents of one base enumerated by resources/list; the rest are reached by the template. */
export const LISTED_DOCUMENTS_PER_BASE = 200
export const RESOURCES_PAGE_SIZE = 100
/** The spec's ceiling for one completion answer. */
export const MAX_COMPLETIONS = 100

export const GOVERNANCE_RESOURCE = 'GOVERNANCE.md'
export const SCHEMA_RESOURCE = 'schema.yaml'

const MARKDOWN = 'text/markdown'
const YAML = 'application/yaml'

/** One path segment as the template's `{+path}` expansion writes it: `/` kept, the rest percent-encoded. */
const encodePath = (rel: string): string => rel.split('/').map(encodeURIComponent).join('/')

export function documentUri(base: string, rel: string): string {
  return `okf://${base}/${encodePath(rel)}`
}

/** `okf://<base>/<path>` → its parts, or an InvalidParams error saying what the URI must look like. */
export function parseResourceUri(uri: string): { base: string; path: string } {
  const m = /^okf:\/\/([^/?#]+)\/([^?#]+)$/.exec(uri)
  if (!m)
    throw new ProtocolError(
      ErrorCode.InvalidParams,
      `URI de ressource invalide : attendu okf://<base>/<chemin relatif au corpus> (modèle ${RESOURCE_TEMPLATE})`
    )
  let path: string
  let base: string
  try {
    base = decodeURIComponent(m[1])
    path = decodeURIComponent(m[2])
  } catch {
    throw new ProtocolError(
      ErrorCode.InvalidParams,
      'URI de ressource invalide : encodage pour-cent illisible'
    )
  }
  return { base, path }
}

export type ResourceTarget =
  | { kind: 'document'; base: Base; uri: string; rel: string; abs: string }
  | { kind: 'bundle-file'; base: Base; uri: string; abs: string; mimeType: string }

/** The engine's refusal as an MCP error: the contract's `CODE: message`, code kept in `data`. */
function asMcpError(e: unknown, uri: string): ProtocolError {
  if (e instanceof ProtocolError) return e
  if (e instanceof HubError)
    return new ProtocolError(
      e.code === 'INVALID_INPUT'
        ? ErrorCode.InvalidParams
        : e.code === 'IO_ERROR'
          ? ErrorCode.InternalError
          : RESOURCE_NOT_FOUND,
      `${e.code}: ${e.message}`,
      { uri, code: e.code }
    )
  return new ProtocolError(ErrorCode.InternalError, `IO_ERROR: ${describeError(e)}`, {
    uri,
    code: 'IO_ERROR'
  })
}

/** What a URI names, checked as kb_read checks a path; throws an McpError otherwise. */
export function resolveResource(ctx: HubContext, uri: string): ResourceTarget {
  const { base: name, path } = parseResourceUri(uri)
  try {
    const base = ctx.registry.get(name)
    if (path === GOVERNANCE_RESOURCE)
      return { kind: 'bundle-file', base, uri, abs: base.governancePath, mimeType: MARKDOWN }
    if (path === MANIFEST_FILE)
      return { kind: 'bundle-file', base, uri, abs: join(base.root, MANIFEST_FILE), mimeType: YAML }
    if (path === SCHEMA_RESOURCE) {
      if (!base.schemaPath)
        throw new HubError('NOT_FOUND', `la base '${base.name}' ne déclare pas de schema.yaml`)
      return { kind: 'bundle-file', base, uri, abs: base.schemaPath, mimeType: YAML }
    }
    const doc = resolveCorpusDocument(base, path)
    return { kind: 'document', base, uri, rel: doc.rel, abs: doc.abs }
  } catch (e) {
    throw asMcpError(e, uri)
  }
}

export function readResource(
  ctx: HubContext,
  uri: string
): { contents: { uri: string; mimeType: string; text: string }[] } {
  const target = resolveResource(ctx, uri)
  try {
    if (target.kind === 'document') {
      const doc = readCorpusDocument(target.base, target.rel)
      return { contents: [{ uri, mimeType: MARKDOWN, text: doc.text }] }
    }
    return { contents: [{ uri, mimeType: target.mimeType, text: readFileSync(target.abs, 'utf8') }] }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      throw asMcpError(new HubError('NOT_FOUND', `ressource '${uri}' introuvable`), uri)
    throw asMcpError(e, uri)
  }
}

interface ListedResource {
  uri: string
  name: string
  title?: string
  description?: string
  mimeType: string
}

/** Every listed resource, base after base (by name): its bundle files, then its first documents. */
function allListed(ctx: HubContext): {
  items: ListedResource[]
  counts: { base: string; documents: number; listed: number }[]
} {
  const items: ListedResource[] = []
  const counts: { base: string; documents: number; listed: number }[] = []
  for (const base of ctx.registry.list()) {
    const docs = firstDocuments(base, LISTED_DOCUMENTS_PER_BASE)
    const total = docs.length < LISTED_DOCUMENTS_PER_BASE ? docs.length : countDocuments(base)
    counts.push({ base: base.name, documents: total, listed: docs.length })
    const rest =
      total > docs.length
        ? ` ; ${docs.length} listé(s) ici, les ${total - docs.length} autre(s) se lisent par le modèle ${RESOURCE_TEMPLATE} (complétion des chemins)`
        : ''
    items.push({
      uri: documentUri(base.name, GOVERNANCE_RESOURCE),
      name: `${base.name}:GOVERNANCE.md`,
      title: `Gouvernance — ${base.title}`,
      description: `Règles de la base '${base.name}' (${base.governanceRel}) : à lire avant kb_propose.`,
      mimeType: MARKDOWN
    })
    items.push({
      uri: documentUri(base.name, MANIFEST_FILE),
      name: `${base.name}:okf-bundle.yaml`,
      title: `Manifeste — ${base.title}`,
      description: `${base.description} — ${total} document(s) dans le corpus${rest}.`,
      mimeType: YAML
    })
    if (base.schemaPath)
      items.push({
        uri: documentUri(base.name, SCHEMA_RESOURCE),
        name: `${base.name}:schema.yaml`,
        title: `Schéma de frontmatter — ${base.title}`,
        mimeType: YAML
      })
    for (const rel of docs)
      items.push({ uri: documentUri(base.name, rel), name: `${base.name}:/${rel}`, mimeType: MARKDOWN })
  }
  return { items, counts }
}

const encodeCursor = (offset: number): string =>
  Buffer.from(JSON.stringify({ o: offset })).toString('base64url')

function decodeCursor(cursor: string): number {
  try {
    const o = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown }).o
    if (typeof o === 'number' && Number.isInteger(o) && o >= 0) return o
  } catch {
    // fall through: the same refusal for every unreadable cursor
  }
  throw new ProtocolError(
    ErrorCode.InvalidParams,
    'curseur de pagination invalide : reprenez resources/list sans curseur'
  )
}

/**
 * resources/list, paginated (RESOURCES_PAGE_SIZE per page, opaque cursors) and bounded: each base
 * lists its bundle files and its first LISTED_DOCUMENTS_PER_BASE documents. How many documents each
 * base holds and how many are listed is said in `_meta` and in each manifest's description.
 */
export function listResources(
  ctx: HubContext,
  cursor: string | undefined
): { resources: ListedResource[]; nextCursor?: string; _meta: Record<string, unknown> } {
  const offset = cursor === undefined ? 0 : decodeCursor(cursor)
  const { items, counts } = allListed(ctx)
  const page = items.slice(offset, offset + RESOURCES_PAGE_SIZE)
  const next = offset + RESOURCES_PAGE_SIZE
  return {
    resources: page,
    ...(next < items.length ? { nextCursor: encodeCursor(next) } : {}),
    _meta: {
      'okf-hub/listed': items.length,
      'okf-hub/documents-per-base-listed': LISTED_DOCUMENTS_PER_BASE,
      'okf-hub/bases': counts
    }
  }
}

export function resourceTemplates(): {
  resourceTemplates: {
    uriTemplate: string
    name: string
    title: string
    description: string
    mimeType: string
  }[]
} {
  return {
    resourceTemplates: [
      {
        uriTemplate: RESOURCE_TEMPLATE,
        name: 'okf-document',
        title: 'Document d’une base',
        description:
          "Un document du corpus d'une base : `base` est le name du manifeste, `path` le chemin relatif au corpus (comme pour kb_read). La complétion propose les bases puis les chemins. okf://<base>/GOVERNANCE.md et okf://<base>/okf-bundle.yaml donnent les règles et le manifeste.",
        mimeType: MARKDOWN
      }
    ]
  }
}

// A type rather than an interface: the SDK's result types carry an index signature, which only a
// type alias meets implicitly.
export type Completion = {
  values: string[]
  total?: number
  hasMore: boolean
}

/** Base names starting with `prefix`. */
export function completeBase(ctx: HubContext, prefix: string): Completion {
  const all = ctx.registry.names().filter((n) => n.startsWith(prefix.toLowerCase()))
  return { values: all.slice(0, MAX_COMPLETIONS), total: all.length, hasMore: all.length > MAX_COMPLETIONS }
}

/** Paths of `baseName`'s documents (and its bundle files) starting with `prefix`; nothing for an unknown base. */
export function completePath(ctx: HubContext, baseName: string | undefined, prefix: string): Completion {
  if (baseName === undefined || !ctx.registry.has(baseName)) return { values: [], hasMore: false }
  const base = ctx.registry.get(baseName)
  const special = [GOVERNANCE_RESOURCE, MANIFEST_FILE, ...(base.schemaPath ? [SCHEMA_RESOURCE] : [])].filter(
    (s) => s.toLowerCase().startsWith(prefix.toLowerCase())
  )
  const docs = documentsWithPrefix(base, prefix, MAX_COMPLETIONS)
  const values = [...docs.values, ...special].slice(0, MAX_COMPLETIONS)
  return { values, hasMore: docs.more || docs.values.length + special.length > MAX_COMPLETIONS }
}
