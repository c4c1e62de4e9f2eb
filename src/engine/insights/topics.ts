import { createHash } from 'node:crypto'

/**
 * Queries grouped into topics. Two distinct queries (by `queryKey`) join when the terms they share
 * weigh at least half of both together (Dice over weights), each term weighed by its rarity among
 * all the distinct queries of the base (inverse document frequency): « react hooks kerberos » and
 * « kerberos sso react » meet on the rare `kerbero`, while « react » alone, in every other query,
 * links nothing. Against the lighter query alone, one shared word of a two-word query was enough,
 * and « authentification kerberos » chained the Kerberos and Firebase topics. A session's own
 * reformulations (`links`: one query asked right after another went unanswered) join on any shared
 * term: the agent said they were one question.
 * Union-find over the pairs that share a term, so the cost follows the overlaps, not n²; a term in
 * more than `COMMON_BUCKET` queries weighs too little to link two queries on its own, so its pairs
 * are only tried through their rarer terms.
 */

export interface TopicGroup {
  /** Stable while the topic's earliest query stays in the journal: a hash of its key. */
  id: string
  /** The distinct query keys of the topic. */
  keys: string[]
}

export const LINK_SHARE = 0.5
export const COMMON_BUCKET = 200

/** A topic's id from the key that founded it. */
export function topicId(key: string): string {
  return 'gap-' + createHash('sha256').update(key).digest('hex').slice(0, 10)
}

/**
 * `keys` in order of first appearance (the journal's order); `allKeys` the keys of every query of
 * the base, answered ones included, for the terms' rarity. Returns the topics of `keys`, each founded by its
 * earliest key.
 */
export function groupQueries(
  keys: readonly string[],
  allKeys: readonly string[],
  links: readonly (readonly [string, string])[] = []
): TopicGroup[] {
  const df = new Map<string, number>()
  const distinct = new Set(allKeys)
  for (const k of keys) distinct.add(k)
  for (const k of distinct) for (const s of k.split(' ')) if (s !== '') df.set(s, (df.get(s) ?? 0) + 1)
  const n = distinct.size
  const weight = (s: string): number => Math.log(1 + n / (df.get(s) ?? 1))

  const stems = keys.map((k) => (k === '' ? [] : k.split(' ')))
  const total = stems.map((ss) => ss.reduce((w, s) => w + weight(s), 0))
  const parent = keys.map((_, i) => i)
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]]
      i = parent[i]
    }
    return i
  }
  // The earliest key stays the root, so that the id follows the topic's first query.
  const union = (a: number, b: number): void => {
    const ra = find(a)
    const rb = find(b)
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb)
  }
  const byStem = new Map<string, number[]>()
  stems.forEach((ss, i) =>
    ss.forEach((s) => {
      const list = byStem.get(s)
      if (list) list.push(i)
      else byStem.set(s, [i])
    })
  )
  const tried = new Set<string>()
  for (const list of byStem.values()) {
    if (list.length > COMMON_BUCKET) continue
    for (let x = 0; x < list.length; x++)
      for (let y = x + 1; y < list.length; y++) {
        const a = list[x]
        const b = list[y]
        const pair = `${a}:${b}`
        if (tried.has(pair)) continue
        tried.add(pair)
        const sb = new Set(stems[b])
        const shared = stems[a].filter((s) => sb.has(s)).reduce((w, s) => w + weight(s), 0)
        if (2 * shared >= LINK_SHARE * (total[a] + total[b])) union(a, b)
      }
  }
  const index = new Map(keys.map((k, i) => [k, i]))
  for (const [ka, kb] of links) {
    const a = index.get(ka)
    const b = index.get(kb)
    if (a === undefined || b === undefined) continue
    const sb = new Set(stems[b])
    if (stems[a].some((s) => sb.has(s))) union(a, b)
  }
  const groups = new Map<number, string[]>()
  keys.forEach((k, i) => {
    const r = find(i)
    const list = groups.get(r)
    if (list) list.push(k)
    else groups.set(r, [k])
  })
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([root, ks]) => ({ id: topicId(keys[root]), keys: ks }))
}
