import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkDirFree, nameTaken } from '../src/engine/bases/names'
import { parseSource } from '../src/engine/bases/source'
import { HubError } from '../src/engine/errors'
import { classifyImportFailure } from '../src/renderer/src/features/import/import-errors'
import {
  baseNameProblem,
  refusedCharacters,
  suggestName
} from '../src/renderer/src/features/new-base/base-name'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'

// The import wizard sorts a refusal by the engine's error kind (never by its French sentence):
// each kind the engine raises lands in its family and sends back to its field, and a sentence
// without a kind is never read. e2e/import.spec.ts checks the same against a live clone.

const fromEngine = (e: HubError) => ({ code: e.code, message: e.message, kind: e.kind, params: e.params })

function thrown(f: () => unknown): HubError {
  try {
    f()
  } catch (e) {
    if (e instanceof HubError) return e
    throw e
  }
  throw new Error('nothing thrown')
}

describe('classifyImportFailure', () => {
  const dirs: string[] = []
  afterEach(() => dirs.splice(0).forEach(removeDir))

  it('a name collision, from the engine itself, names the folder that serves the name', () => {
    const bases = tempDir()
    dirs.push(bases)
    makeBundle(bases, 'ailleurs', { name: 'guide' })
    const e = nameTaken(bases, 'guide')
    expect(e).not.toBeNull()
    const f = classifyImportFailure(fromEngine(e!))
    expect(f.kind).toBe('collision')
    expect(f.other).toBe('ailleurs')
  })

  it('a taken folder name, from the engine itself, sends back to the name field', () => {
    const bases = tempDir()
    dirs.push(bases)
    mkdirSync(join(bases, 'pris'))
    const f = classifyImportFailure(fromEngine(thrown(() => checkDirFree(bases, 'pris'))))
    expect(f.kind).toBe('exists')
    expect(f.field).toBe('name')
  })

  it.each([
    ['ftp://h/x.git', 'import-url-protocol'],
    ['https://u:p@h/x.git', 'import-url-credentials'],
    ['git@h:org/x.git', 'import-url-ssh'],
    ['relatif/x', 'import-path-relative'],
    ['', 'import-source-empty']
  ])('the source %j, refused by the engine as %s, sends back to the source field', (raw, kind) => {
    const e = thrown(() => parseSource(raw))
    expect(e.kind).toBe(kind)
    const f = classifyImportFailure(fromEngine(e))
    expect(f.kind).toBe('source')
    expect(f.field).toBe('source')
  })

  it.each([
    ['import-auth-required', 'auth', 'token'],
    ['import-token-refused', 'auth', 'token'],
    ['import-access-denied', 'auth', 'token'],
    ['import-unreachable', 'unreachable', 'source'],
    ['import-server-error', 'unreachable', 'source'],
    ['import-branch-missing', 'branch', 'branch'],
    ['import-default-branch-missing', 'branch', 'branch'],
    ['import-folder-no-branch', 'branch', 'branch'],
    ['import-repo-not-found', 'not-git', 'source'],
    ['import-not-git', 'not-git', 'source'],
    ['import-not-bundle', 'not-bundle', 'source'],
    ['import-cancelled', 'cancelled', null],
    ['import-folder-missing', 'source', 'source'],
    ['dir-name-invalid', 'exists', 'name'],
    ['import-failed', 'other', null]
  ] as const)('%s → %s, field %s', (kind, family, field) => {
    const f = classifyImportFailure({ code: 'INVALID_INPUT', message: 'x', kind })
    expect(f.kind).toBe(family)
    expect(f.field).toBe(field)
  })

  it('an invalid bundle lists every reason from its parameter, whatever words they contain', () => {
    const reasons = ["okf-bundle.yaml : champ 'title' absent", "name 'A B' non conforme au motif [a-z0-9-]+"]
    const f = classifyImportFailure({
      code: 'INVALID_INPUT',
      message: 'base invalide',
      kind: 'import-invalid-bundle',
      params: { reasons }
    })
    expect(f.kind).toBe('invalid-bundle')
    expect(f.reasons).toEqual(reasons)
    expect(f.problems).toEqual([])
  })

  it('an invalid bundle carries its reasons as data when the engine gave them', () => {
    const problems = [
      { code: 'field-missing', values: { field: 'title' } },
      { code: 'name-pattern', values: { name: 'A B' } }
    ] as const
    const f = classifyImportFailure({
      code: 'INVALID_INPUT',
      message: 'base invalide',
      kind: 'import-invalid-bundle',
      params: { reasons: ['a', 'b'], problems: [...problems] }
    })
    expect(f.problems).toEqual(problems)
  })

  it('never reads the sentence: a French refusal without a kind is "other"', () => {
    for (const message of [
      'le dépôt http://h/x.git demande une authentification : il est privé',
      "hôte h injoignable (connexion refusée) : vérifiez l'adresse",
      "import annulé : rien n'a été gardé"
    ])
      expect(classifyImportFailure({ code: 'INVALID_INPUT', message }).kind).toBe('other')
    expect(classifyImportFailure({ code: 'TRANSPORT', message: 'jeton' }).kind).toBe('other')
  })
})

describe('base names as the new-base form checks them', () => {
  it.each([
    ['', 'empty'],
    ['Support', 'uppercase'],
    ['mon support', 'space'],
    ['café', 'characters'],
    ['a_b', 'characters'],
    ['guide', 'taken'],
    ['support-2', null]
  ])('%j → %s', (name, problem) => {
    expect(baseNameProblem(name, ['guide'])).toBe(problem)
  })

  it('names the refused characters once each, and suggests a name from a title', () => {
    expect(refusedCharacters('é_é b')).toEqual(['é', '_', ' '])
    expect(suggestName('Manuel du Support — Équipe 2')).toBe('manuel-du-support-equipe-2')
  })
})
