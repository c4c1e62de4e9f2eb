import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { makeCorpusBase } from '../../../test/helpers/fixtures'
import { hubRefusal } from '../../../test/helpers/refusal'
import { commandChars, documentsWithEveryTerm, overlaps, PROBE_RUN_CHARS, probeRuns } from './probe'
import { scanCorpus } from './ripgrep'
import { foldCase, keywordTerms } from './terms'

const roots: string[] = []
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true })
})

function corpus(files: Record<string, string>): string {
  const base = makeCorpusBase(files)
  roots.push(base.root)
  return base.corpusDir
}

/** kb_search's strict AND for one query, from its own scan: the reference the probe must equal. */
async function andOf(dir: string, query: string): Promise<string[]> {
  const terms = keywordTerms(query)
  if (terms.length === 0) return []
  const scan = await scanCorpus(dir, 'keyword', terms)
  return [...scan.files.values()]
    .filter((f) => f.termsTouched === terms.length)
    .map((f) => f.rel)
    .sort()
}

describe('documentsWithEveryTerm', () => {
  it('finds, for every query, the documents its terms all occur in — as its own search does', async () => {
    // A four-letter alphabet makes terms overlap and contain one another all the time (`ab` in
    // `xaby`, `ab` then `bc` in `abc`): the cases where one run for many queries could hide a term.
    // Some documents saved decomposed (NFD, as some tools write a whole file), and apostrophes in
    // either spelling: the same words for the search and the probe.
    const word = fc.stringMatching(/^[abcdéAB']{1,4}$/)
    const text = fc
      .tuple(
        fc.array(fc.oneof(word, fc.constantFrom(' ', '\n', '-', 'é', '\u2019')), {
          minLength: 1,
          maxLength: 40
        }),
        fc.boolean()
      )
      .map(([pieces, decomposed]) => (decomposed ? pieces.join('').normalize('NFD') : pieces.join('')))
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(word, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 3 }),
        async (docs, queryTerms, upTo) => {
          const texts = docs
          const dir = corpus(Object.fromEntries(texts.map((t, i) => [`d${i}.md`, t])))
          const queries = queryTerms.map((t) => t.join(' '))
          const found = await documentsWithEveryTerm(dir, queries)
          const bounded = await documentsWithEveryTerm(dir, queries, { upTo })
          for (const q of queries) {
            const terms = keywordTerms(q).map(foldCase)
            const got = [...(found.get(q) ?? [])].sort()
            const inText = texts.flatMap((t, i) =>
              terms.every((w) => t.normalize('NFC').toLowerCase().replaceAll('\u2019', "'").includes(w))
                ? [`d${i}.md`]
                : []
            )
            expect(got, q).toEqual(inText.sort())
            // Bounded: whole up to `upTo` documents, else more than `upTo` of them.
            const some = [...(bounded.get(q) ?? [])].sort()
            if (inText.length <= upTo) expect(some, q).toEqual(inText)
            else {
              expect(some.length, q).toBeGreaterThan(upTo)
              expect(
                some.every((p) => inText.includes(p)),
                q
              ).toBe(true)
            }
            // A search of the query alone agrees, unless its own terms hide one another (`ab bc` in `abc`).
            const own = terms.some((a, i) => terms.some((b, j) => i !== j && overlaps(a, b)))
            if (!own) expect(got, q).toEqual(await andOf(dir, q))
          }
        }
      ),
      { numRuns: 60 }
    )
  }, 120_000)

  it("reads back a term another query's match hid, where it could be hidden", async () => {
    const dir = corpus({
      'a.md': 'Les reactions du public.\n',
      'b.md': 'Les actions et react.\n',
      'c.md': 'Rien.\n'
    })
    const found = await documentsWithEveryTerm(dir, ['react', 'actions public'])
    expect(found.get('react')?.sort()).toEqual(['a.md', 'b.md'])
    // In a.md ripgrep's one run reports `react` and never `actions`; the file is read back.
    expect(found.get('actions public')).toEqual(['a.md'])
  })

  it('answers every query it was given, a blank one with no document', async () => {
    const dir = corpus({
      'sso.md': '# SSO\n\nLa reconnexion SSO passe par le profil.\n',
      'vpn.md': '# VPN\n\nLe profil VPN se règle ici.\n',
      'notes.txt': 'profil reconnexion\n'
    })
    const found = await documentsWithEveryTerm(dir, [
      'profil',
      'reconnexion PROFIL',
      'kerberos',
      '  ',
      'profil',
      'pro\0fil'
    ])
    expect([...found.keys()]).toEqual(['profil', 'reconnexion PROFIL', 'kerberos', '  ', 'pro\0fil'])
    // A NUL cannot reach ripgrep (kb_search refuses such a query): nothing, and the others answered.
    expect(found.get('pro\0fil')).toEqual([])
    expect(found.get('profil')?.sort()).toEqual(['sso.md', 'vpn.md'])
    // The document rule holds: notes.txt carries both terms and is not a document.
    expect(found.get('reconnexion PROFIL')).toEqual(['sso.md'])
    expect(found.get('kerberos')).toEqual([])
    expect(found.get('  ')).toEqual([])
  })

  it('fails as kb_search does when ripgrep cannot run', async () => {
    const dir = corpus({ 'a.md': 'x\n' })
    const err = await hubRefusal(documentsWithEveryTerm(dir, ['x'], { rgPath: join(dir, 'no-such-rg') }))
    expect(err.code).toBe('IO_ERROR')
  })
})

describe('probeRuns', () => {
  it('packs the queries in order, one spelling per term, each run under the command-line budget', () => {
    expect(probeRuns(['Profil', 'profil vpn', '  '])).toEqual([
      { terms: ['Profil', 'vpn'], queries: ['Profil', 'profil vpn'] }
    ])
    // Apostrophes and accents multiply the spellings ripgrep is given: the budget counts them all.
    const queries = Array.from(
      { length: 400 },
      (_, i) => `terme${String(i).padStart(3, '0')}${i % 2 ? "l'été" : 'x'.repeat(60)}`
    )
    const runs = probeRuns(queries)
    expect(runs.length).toBeGreaterThan(1)
    for (const r of runs) expect(commandChars(r.terms)).toBeLessThanOrEqual(PROBE_RUN_CHARS)
    expect(commandChars(["l'été"])).toBeGreaterThan(5 * "l'été".length)
    expect(runs.flatMap((r) => r.queries)).toEqual(queries)
  })
})
