import { describe, expect, it } from 'vitest'
import { HubError } from '../engine/errors'
import { parseSource } from '../engine/bases/source'
import { cliLang, cliMessages, errorText } from './locale'
import { en } from './messages/en'
import { fr } from './messages/fr'
import type { SyncStatus } from '../shared/hub-api'

describe('the CLI language', () => {
  it.each([
    [{}, 'en'],
    [{ LANG: 'fr_FR.UTF-8' }, 'fr'],
    [{ LANG: 'fr' }, 'fr'],
    [{ LANG: 'fr_CA.UTF-8' }, 'fr'],
    [{ LANG: 'en_US.UTF-8' }, 'en'],
    [{ LANG: 'C.UTF-8' }, 'en'],
    [{ LANG: 'french-ish' }, 'en'],
    // POSIX order: LC_ALL overrides LC_MESSAGES, which overrides LANG; an empty one is unset
    [{ LC_ALL: 'en_US.UTF-8', LC_MESSAGES: 'fr_FR.UTF-8', LANG: 'fr_FR.UTF-8' }, 'en'],
    [{ LC_ALL: 'fr_FR.UTF-8', LANG: 'en_US.UTF-8' }, 'fr'],
    [{ LC_MESSAGES: 'fr_FR.UTF-8', LANG: 'en_US.UTF-8' }, 'fr'],
    [{ LC_ALL: '', LC_MESSAGES: '', LANG: 'fr_FR.UTF-8' }, 'fr']
  ] as const)('%j → %s', (env, lang) => {
    expect(cliLang(env)).toBe(lang)
  })

  it('has the same messages in both catalogues', () => {
    const shape = (o: object): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'object' && v !== null
          ? shape(v as object).map((s) => `${k}.${s}`)
          : [`${k}:${typeof v}`]
      )
    expect(shape(fr)).toEqual(shape(en))
  })

  it('words the terminal line and the usage in each language', () => {
    expect(cliMessages('en').ui.basesLine('/b')).toBe('Bases: /b — Ctrl+C to stop')
    expect(cliMessages('fr').ui.basesLine('/b')).toBe('Bases : /b — Ctrl+C pour arrêter')
    expect(cliMessages('en').main.usage).toMatch(/^usage: okf-hub <command>/)
    expect(cliMessages('en').main.usage).not.toMatch(/commande|sinon|dépôt/)
    expect(cliMessages('fr').main.usage).toMatch(/^usage: okf-hub <commande>/)
  })
})

describe('an engine failure as the CLI prints it', () => {
  const refused = (raw: string): HubError => {
    try {
      parseSource(raw)
    } catch (e) {
      return e as HubError
    }
    throw new Error('accepted')
  }

  it('in French: the engine’s own sentence', () => {
    const e = refused('git@h:org/x.git')
    expect(errorText(e, 'fr')).toBe(e.message)
  })

  it('in English: the kind worded from its parameters, with nested reasons', () => {
    expect(errorText(refused('git@h:org/x.git'), 'en')).toBe(
      'SSH addresses are not supported. Enter the https address of the repository (and an access token if it is private).'
    )
    const e = new HubError('IO_ERROR', 'hôte h injoignable', {
      kind: 'import-unreachable',
      params: { host: '127.0.0.1:9', reason: 'ECONNREFUSED' }
    })
    expect(errorText(e, 'en')).toMatch(
      /^The server 127\.0\.0\.1:9 cannot be reached \(connection refused\)\. /
    )
  })

  it('in English, a failure without a kind keeps its sentence (nothing better to say)', () => {
    expect(errorText(new HubError('IO_ERROR', 'échec'), 'en')).toBe('échec')
  })
})

describe('a sync stopped by a git lock', () => {
  it('names the file and the command that removes it, in English; the engine’s sentence in French', () => {
    const status: SyncStatus = {
      base: 'guide',
      state: 'error',
      branch: 'main',
      remote: 'origin/main',
      url: null,
      host: null,
      ahead: 0,
      behind: 0,
      conflicts: [],
      dirty: [],
      lastSync: null,
      message: 'verrou git /b/guide/.git/index.lock présent depuis 60 min',
      live: true,
      problem: {
        kind: 'git-lock-stale',
        params: { file: '/b/guide/.git/index.lock', since: '2026-12-07T11:00:00Z' }
      }
    }
    expect(en.sync.explain(status)).toBe(
      'sync failed: an interrupted git command left its lock /b/guide/.git/index.lock: if no git runs in this base (nor a commit message editor), okf-hub review reconcile guide --apply removes it'
    )
    expect(fr.sync.explain(status)).toBe(status.message)
  })
})
