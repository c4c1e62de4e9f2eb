/**
 * Grouping of pending proposals by subject (issue 4, inventory): deterministic, no model.
 *
 *  - concerns are normalised: lower case, accents stripped, split on anything that is not a letter
 *    or a digit, French/English stop words and one-character tokens dropped, light stemming
 *    (plural `s`/`x`, then one of a few suffixes such as `ement`, `ation`, `ee`, `er`, `e` when
 *    at least four characters remain);
 *  - two proposals whose token sets have a Jaccard similarity ≥ 0.5 are together
 *    (« concerns proches ») — near-duplicates, contradictions and complements all share words;
 *  - two proposals whose concerns find the same best corpus document (strict AND search, not the
 *    partial OR fallback, which matches almost anything) are together (« touchent le même
 *    document »);
 *  - groups are transitive (union-find).
 *
 * A group's reasons are the links that joined it — one per member beyond the first, never every
 * similar pair: forty agents filing the same observation make 780 similar pairs, and listing (and
 * de-duplicating) them all was quadratic in pairs — a warm inventory of 300 such proposals took a
 * minute and its answer held megabytes of reasons. At most `MAX_REASONS` are listed, then a count.
 */

import type { GroupLink } from '../../shared/review'

export const MAX_REASONS = 12

export const SIMILARITY_THRESHOLD = 0.5

const STOP_WORDS = new Set(
  // French
  (
    'a au aux avec ce ces cet cette dans de des du elle elles en est et etre ete il ils je la le les leur leurs ' +
    'lui ma mais me meme mes mon ne ni nos notre nous on ou par pas pour plus qu que quel quelle qui sa sans se ses ' +
    'si son sont sous sur ta te tes ton tu un une vos votre vous y ca cela ceci comme donc dont lors quand tres ' +
    'apres avant entre chez vers depuis pendant selon aussi encore deja toujours peu bien tout tous toute toutes autre ' +
    'autres ' +
    // English
    'an and are as at be been but by for from has have how in into is it its no not of on or over so than that ' +
    'the their then there these this those to under was were what when where which while who why will with ' +
    'about after before can does doesn should would could'
  ).split(/\s+/)
)

const SUFFIXES = ['ements', 'ement', 'ations', 'ation', 'ments', 'ment', 'ees', 'ee', 'es', 'er', 'e']

export function foldAccents(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC')
}

function stem(token: string): string {
  let t = token
  if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss')) t = t.slice(0, -1)
  else if (t.length > 3 && t.endsWith('x')) t = t.slice(0, -1)
  for (const suffix of SUFFIXES) {
    if (t.endsWith(suffix) && t.length - suffix.length >= 4) return t.slice(0, -suffix.length)
  }
  return t
}

function words(concerns: string): string[] {
  return concerns
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(foldAccents(w)))
}

/** The normalised token set of a concerns line. */
export function concernTokens(concerns: string): Set<string> {
  return new Set(words(concerns).map((w) => stem(foldAccents(w))))
}

/**
 * Search terms for the documents a proposal most likely concerns: its significant words as
 * written (accents kept — the search is literal), plural mark dropped so that a singular in the
 * corpus still matches.
 */
export function concernQuery(concerns: string): string {
  const out: string[] = []
  for (const w of words(concerns)) {
    const t = w.length > 3 && /[sx]$/.test(w) && !w.endsWith('ss') ? w.slice(0, -1) : w
    if (!out.includes(t)) out.push(t)
  }
  return out.join(' ')
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0
  let inter = 0
  for (const x of a) if (b.has(x)) inter++
  return inter / (a.size + b.size - inter)
}

export interface GroupInput {
  id: string
  concerns: string
  /** Best strict-AND corpus hit, or null. */
  topDocument: string | null
}

export interface GroupOutput {
  /** Indexes into the input, ascending. */
  members: number[]
  links: GroupLink[]
  /** `links` in the engine's words (the CLI's and `--json`'s text). */
  reasons: string[]
}

/** A link in the engine's French words. */
export function describeLink(link: GroupLink): string {
  switch (link.kind) {
    case 'similar-concerns':
      return `concerns proches : ${link.a} ~ ${link.b} (similarité ${link.similarity.toFixed(2)})`
    case 'same-document':
      return `touchent le même document : ${link.document} (${link.ids.join(', ')})`
    case 'more':
      return `… et ${link.count} autre${link.count === 1 ? '' : 's'} rapprochement${link.count === 1 ? '' : 's'}`
  }
}

/** Groups `items` (already in date order); groups come out in the order of their first member. */
export function groupBySubject(items: GroupInput[]): GroupOutput[] {
  const parent = items.map((_, i) => i)
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]]
      i = parent[i]
    }
    return i
  }
  /** Joins the sets of a and b; false when they were one already. */
  const union = (a: number, b: number): boolean => {
    const ra = find(a)
    const rb = find(b)
    if (ra === rb) return false
    parent[Math.max(ra, rb)] = Math.min(ra, rb)
    return true
  }
  const edges: { a: number; link: GroupLink }[] = []
  const tokens = items.map((it) => concernTokens(it.concerns))
  for (let a = 0; a < items.length; a++) {
    for (let b = a + 1; b < items.length; b++) {
      // Already together: this pair would add no member, only another reason.
      if (find(a) === find(b)) continue
      const sim = jaccard(tokens[a], tokens[b])
      if (sim >= SIMILARITY_THRESHOLD && union(a, b))
        edges.push({
          a,
          link: { kind: 'similar-concerns', a: items[a].id, b: items[b].id, similarity: sim }
        })
    }
  }
  const byDoc = new Map<string, number[]>()
  items.forEach((it, i) => {
    if (it.topDocument === null) return
    const list = byDoc.get(it.topDocument) ?? []
    list.push(i)
    byDoc.set(it.topDocument, list)
  })
  for (const [doc, members] of byDoc) {
    if (members.length < 2) continue
    for (const m of members.slice(1)) union(members[0], m)
    edges.push({
      a: members[0],
      link: { kind: 'same-document', document: doc, ids: members.map((m) => items[m].id) }
    })
  }
  const groups = new Map<number, GroupOutput>()
  items.forEach((_, i) => {
    const root = find(i)
    const g = groups.get(root) ?? { members: [], links: [], reasons: [] }
    g.members.push(i)
    groups.set(root, g)
  })
  const more = new Map<GroupOutput, number>()
  for (const e of edges) {
    const g = groups.get(find(e.a)) as GroupOutput
    if (g.links.length < MAX_REASONS) g.links.push(e.link)
    else more.set(g, (more.get(g) ?? 0) + 1)
  }
  for (const [g, count] of more) g.links.push({ kind: 'more', count })
  for (const g of groups.values()) g.reasons = g.links.map(describeLink)
  return [...groups.values()].sort((x, y) => x.members[0] - y.members[0])
}
