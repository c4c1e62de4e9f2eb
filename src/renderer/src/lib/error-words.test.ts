import type { i18n, TFunction } from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import { ERROR_KINDS, type ErrorKind } from '../../../shared/error-kinds'
import { en } from '../i18n/en'
import { fr } from '../i18n/fr'
import { errorWords } from './error-words'
import { BUNDLE_PROBLEM_CODES } from '../../../shared/bundle-problems'
import { bundleProblemWords } from './bundle-problems'
import { wordsForTests } from '../i18n/for-tests'

/**
 * Every kind of the engine's vocabulary is worded in both languages, its parameters interpolated
 * (no `{{…}}` left), and what crosses the bridge keeps the kind and parameters (a kind lost on
 * the way would show the engine's French sentence in the English UI).
 */

/** Parameters named by a wording, so that the test fills each with a recognisable value. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1])
}

describe('error kinds', () => {
  let i18n: i18n
  beforeAll(async () => {
    i18n = await wordsForTests()
  })

  for (const kind of ERROR_KINDS) {
    it(`words ${kind} in English and in French from its parameters`, () => {
      for (const lng of ['en', 'fr'] as const) {
        const t = i18n.getFixedT(lng) as TFunction
        const entry = (lng === 'en' ? en : fr).errorKinds[kind as ErrorKind]
        expect(entry, `${lng} wording of ${kind}`).toBeDefined()
        const names = [...placeholders(entry.title), ...placeholders(entry.action)]
        const params = Object.fromEntries(names.map((n) => [n, `<${n}>`]))
        const words = errorWords({ code: 'INVALID_INPUT', message: 'phrase du moteur', kind, params }, t)
        expect(words.worded).toBe(true)
        for (const text of [words.title, words.action]) {
          expect(text).not.toMatch(/\{\{|\}\}/)
          expect(text).not.toContain('phrase du moteur')
        }
        for (const n of names) expect(`${words.title} ${words.action}`).toContain(`<${n}>`)
      }
    })
  }

  for (const code of BUNDLE_PROBLEM_CODES) {
    it(`words the bundle problem ${code} in both languages, values as given`, () => {
      for (const lng of ['en', 'fr'] as const) {
        const t = i18n.getFixedT(lng) as TFunction
        const entry = (lng === 'en' ? en : fr).bundleProblems[code]
        expect(entry, `${lng} wording of ${code}`).toBeDefined()
        const names = placeholders(entry)
        const values = Object.fromEntries(names.map((n) => [n, `<${n}>`]))
        const text = bundleProblemWords(t, { code, values })
        expect(text).not.toMatch(/\{\{|\}\}/)
        for (const n of names) expect(text).toContain(`<${n}>`)
      }
    })
  }

  it('interpolates lists joined', () => {
    const t = i18n.getFixedT('en') as TFunction
    const words = errorWords(
      { code: 'INVALID_INPUT', message: 'x', kind: 'stale-preview', params: { paths: ['a.md', 'b.md'] } },
      t
    )
    expect(words.title).toContain('a.md, b.md')
  })

  it('falls back to the code when no kind was given', () => {
    const t = i18n.getFixedT('en') as TFunction
    const words = errorWords({ code: 'BASE_BUSY', message: 'base occupée' }, t)
    expect(words).toEqual({
      title: en.errors.BASE_BUSY.title,
      action: en.errors.BASE_BUSY.action,
      worded: false
    })
  })
})

describe('reasons nested in a wording', () => {
  let i18n: i18n
  beforeAll(async () => {
    i18n = await wordsForTests()
  })

  const cases: [ErrorKind, Record<string, string | number>, string, string][] = [
    [
      'dir-name-invalid',
      { name: 'x.', reason: 'trailing' },
      'end with a space or a dot',
      'finir par une espace'
    ],
    [
      'import-unreachable',
      { host: '127.0.0.1:9', reason: 'ECONNREFUSED' },
      'connection refused',
      'connexion refusée'
    ],
    ['import-unreachable', { host: 'h', reason: 'no-answer' }, 'no answer', 'aucune réponse'],
    [
      'new-base-text-invalid',
      { field: 'title', reason: 'too-long', max: 120 },
      'The title: it is too long.',
      'Le titre : il est trop long.'
    ],
    ['host-entry-malformed', { part: 'command' }, 'no command', 'aucune commande']
  ]
  for (const [kind, params, english, french] of cases)
    it(`words ${kind}'s ${String(params.reason ?? params.part)} in each language`, () => {
      const inEn = errorWords(
        { code: 'INVALID_INPUT', message: 'x', kind, params },
        i18n.getFixedT('en') as TFunction
      )
      const inFr = errorWords(
        { code: 'INVALID_INPUT', message: 'x', kind, params },
        i18n.getFixedT('fr') as TFunction
      )
      expect(inEn.title).toContain(english)
      expect(inFr.title).toContain(french)
      expect(`${inEn.title}${inFr.title}`).not.toContain('errorReasons')
    })

  it('has a wording for every folder-name reason and network failure the engine names', async () => {
    const { DIR_NAME_REASONS } = await import('../../../shared/error-kinds')
    for (const r of DIR_NAME_REASONS) {
      expect(en.errorReasons.dirName[r]).toBeTruthy()
      expect(fr.errorReasons.dirName[r]).toBeTruthy()
    }
  })
})
