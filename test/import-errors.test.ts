import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkDirFree, nameTaken } from '../src/engine/bases/names'
import { HubError } from '../src/engine/errors'
import { classifyImportFailure } from '../src/renderer/src/lib/import-errors'
import { baseNameProblem, refusedCharacters, suggestName } from '../src/renderer/src/lib/base-name'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'

// The import wizard reads the kind of a refusal from the engine's sentence (the HubApi carries
// { code, message } only): each kind must be recognised from the sentences the engine really
// writes, and the kinds must not swallow each other. e2e/import.spec.ts checks the same against
// a live clone.

const err = (code: HubError['code'], message: string) => ({ code, message })

describe('classifyImportFailure', () => {
  const dirs: string[] = []
  afterEach(() => dirs.splice(0).forEach(removeDir))

  it('a name collision, from the engine itself, names the folder that serves the name', () => {
    const bases = tempDir()
    dirs.push(bases)
    makeBundle(bases, 'ailleurs', { name: 'guide' })
    const e = nameTaken(bases, 'guide')
    expect(e).not.toBeNull()
    const f = classifyImportFailure(err(e!.code, e!.message))
    expect(f.kind).toBe('collision')
    expect(f.other).toBe('ailleurs')
  })

  it('a taken folder name, from the engine itself, sends back to the name field', () => {
    const bases = tempDir()
    dirs.push(bases)
    mkdirSync(join(bases, 'pris'))
    let message = ''
    try {
      checkDirFree(bases, 'pris')
    } catch (e) {
      message = (e as Error).message
    }
    const f = classifyImportFailure(err('INVALID_INPUT', message))
    expect(f.kind).toBe('exists')
    expect(f.field).toBe('name')
  })

  it.each([
    [
      'auth',
      'token',
      "le dépôt http://h/x.git demande une authentification : il est privé, ou l'adresse est fausse. Donnez un jeton d'accès en lecture"
    ],
    [
      'auth',
      'token',
      'jeton refusé par h (HTTP 401) : il est faux, expiré, ou ne donne pas le droit de lecture sur ce dépôt'
    ],
    ['auth', 'token', "le dépôt http://h/x.git refuse l'accès (HTTP 403) : il est privé"],
    [
      'unreachable',
      'source',
      "hôte h injoignable (connexion refusée) : vérifiez l'adresse, votre connexion réseau (proxy, VPN), puis réessayez"
    ],
    [
      'branch',
      'branch',
      "branche 'dev' absente du dépôt http://h/x.git (branches présentes : main) : vérifiez son nom"
    ],
    [
      'branch',
      'branch',
      "/srv/x n'est pas un dépôt git : il n'a pas de branche 'dev' (laissez le champ vide)"
    ],
    ['not-git', 'source', "aucun dépôt git à l'adresse http://h/x.git (HTTP 404) : vérifiez l'URL"],
    [
      'not-git',
      'source',
      "http://h/x n'est pas un dépôt git (la réponse est une page web, pas le protocole git)"
    ],
    [
      'not-bundle',
      'source',
      "http://h/x.git n'est pas une base OKF : aucun okf-bundle.yaml à sa racine (sur main). Vérifiez l'adresse — rien n'a été gardé"
    ],
    ['cancelled', null, "import annulé : rien n'a été gardé"],
    ['source', 'source', 'dossier introuvable : /nulle/part — vérifiez le chemin']
  ])('%s ← %s', (kind, field, message) => {
    const f = classifyImportFailure(err('INVALID_INPUT', message))
    expect(f.kind).toBe(kind)
    expect(f.field).toBe(field)
  })

  it('an invalid bundle lists every reason, whatever words they contain', () => {
    const message =
      "base invalide, rien n'a été gardé — 3 problème(s) à corriger dans la source :\n  - okf-bundle.yaml : champ 'title' absent\n  - name 'A B' non conforme au motif [a-z0-9-]+\n  - GOVERNANCE.md introuvable (la branche du jeton)"
    const f = classifyImportFailure(err('INVALID_INPUT', message))
    expect(f.kind).toBe('invalid-bundle')
    expect(f.reasons).toEqual([
      "okf-bundle.yaml : champ 'title' absent",
      "name 'A B' non conforme au motif [a-z0-9-]+",
      'GOVERNANCE.md introuvable (la branche du jeton)'
    ])
  })

  it('transport failures are not read as import refusals', () => {
    expect(classifyImportFailure(err('TRANSPORT' as HubError['code'], 'jeton')).kind).toBe('other')
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
