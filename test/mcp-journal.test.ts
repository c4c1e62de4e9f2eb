import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { spawnSync } from 'node:child_process'
import { CLI_JS, connect, hubEnv, type HubEnv } from './helpers/mcp'
import { readJournal } from '../src/engine/journal/store'
import type { JournalEvent } from '../src/engine/journal/events'

/**
 * The usage journal through the real built server (issue 29 §1): what each session searched, read
 * and proposed lands in `<user data>/journal` with its session and client name — never a
 * document's text nor a proposal's body, never in a base — and nothing at all once switched off.
 */

const SECRET_LINE = 'Cliquer sur « réauthentifier » dans le menu profil.'
const BODY = 'CORPS-DE-LA-PROPOSITION-JAMAIS-JOURNALISE'
const CONCERNS = 'sujet-de-la-proposition-jamais-journalise'

function bases(): string {
  const dir = tempDir()
  makeBundle(dir, 'alpha', {
    title: 'Base Alpha',
    files: {
      'knowledge/sso.md': `# Procédure SSO\n\nIntro.\n\n## Reconnexion\n\n${SECRET_LINE}\n\n## Déconnexion\n\nAutre chose.\n`,
      'knowledge/gros.md':
        '# Gros\n\n' +
        Array.from({ length: 6 }, (_, i) => `## Partie ${i}\n\n${'texte '.repeat(60)}\n`).join('\n')
    }
  })
  return dir
}

const propose = {
  base: 'alpha',
  type: 'observation',
  concerns: CONCERNS,
  content: BODY,
  sources: ['https://example.test/src'],
  confidence: 'medium',
  submitted_by: 'agent/test'
}

function journalText(h: HubEnv): string {
  const dir = join(h.userData, 'journal')
  if (!existsSync(dir)) return ''
  return readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('')
}

describe('MCP server — the usage journal', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach(removeDir))
  let h: HubEnv
  let events: JournalEvent[]
  let proposalId: string

  beforeAll(async () => {
    const dir = bases()
    dirs.push(dir)
    h = hubEnv(dir, { extraConfig: 'read-toc-threshold: 400\n' })
    dirs.push(h.userData)
    const s = await connect(h)
    try {
      await s.text('kb_search', { base: 'alpha', query: 'reconnexion' })
      await s.text('kb_search', { base: 'alpha', query: 'reconnexion introuvable' })
      await s.text('kb_search', { base: '*', query: 'zzzz-absent' })
      expect(await s.text('kb_read', { base: 'alpha', path: 'sso.md', section: 'Reconnexion' })).toContain(
        SECRET_LINE
      )
      expect(await s.text('kb_read', { base: 'alpha', path: 'gros.md' })).toContain('## Headings')
      const filed = await s.text('kb_propose', propose)
      proposalId = /id : (\S+)/.exec(filed)![1]
      // An error is the tool's answer, not a use to record.
      expect((await s.call('kb_read', { base: 'alpha', path: 'absent.md' })).isError).toBe(true)
    } finally {
      await s.close()
    }
    const other = await connect(h)
    try {
      await other.text('kb_search', { base: 'alpha', query: 'déconnexion' })
    } finally {
      await other.close()
    }
    const r = readJournal(join(h.userData, 'journal'))
    expect(r.skipped).toBe(0)
    events = r.events
  })

  it('records every search, read and proposal with its session and client name', () => {
    expect(events.map((e) => e.tool)).toEqual([
      'kb_search',
      'kb_search',
      'kb_search',
      'kb_read',
      'kb_read',
      'kb_propose',
      'kb_search'
    ])
    for (const e of events) {
      expect(e.client).toBe('okf-test')
      expect(e.v).toBe(1)
      expect(Date.parse(e.t)).not.toBeNaN()
    }
    const first = events.slice(0, 6).map((e) => e.session)
    expect(new Set(first).size).toBe(1)
    expect(events[6].session).not.toBe(first[0])
    expect(events[6].session).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('records what a search showed: bases, query, mode, count, paths and sections, the OR fallback', () => {
    const [found, partial, none] = events
    expect(found).toMatchObject({
      tool: 'kb_search',
      bases: ['alpha'],
      query: 'reconnexion',
      mode: 'keyword',
      results: 1,
      orFallback: false,
      groups: [{ base: 'alpha', orFallback: false, shown: [{ path: 'sso.md', sections: ['reconnexion'] }] }]
    })
    expect(partial).toMatchObject({ query: 'reconnexion introuvable', orFallback: true, results: 1 })
    expect(none).toMatchObject({ query: 'zzzz-absent', bases: ['alpha'], results: 0, orFallback: false })
  })

  it('records a read’s path and section, or that the table of headings was given', () => {
    // Asked as « Reconnexion », recorded as kb_search prints it: however an agent types a section,
    // the most-read sections count it once.
    expect(events[3]).toMatchObject({
      tool: 'kb_read',
      base: 'alpha',
      path: 'sso.md',
      section: 'reconnexion',
      shown: 'section'
    })
    expect(events[4]).toMatchObject({ tool: 'kb_read', path: 'gros.md', section: null, shown: 'toc' })
  })

  it('records a proposal by its id alone, and never a document’s text or a proposal’s body', () => {
    expect(events[5]).toEqual({
      v: 1,
      t: events[5].t,
      session: events[5].session,
      client: 'okf-test',
      tool: 'kb_propose',
      base: 'alpha',
      id: proposalId
    })
    const text = journalText(h)
    expect(text).not.toContain('réauthentifier')
    expect(text).not.toContain(BODY)
    expect(text).not.toContain(CONCERNS)
    expect(text).not.toContain('texte texte')
  })

  it('keeps the journal out of every base', () => {
    const base = join(dirs[0], 'alpha')
    const everything = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) =>
        e.name === '.git' ? [] : e.isDirectory() ? everything(join(d, e.name)) : [join(d, e.name)]
      )
    expect(everything(base).filter((f) => f.endsWith('.jsonl') || /journal/.test(f))).toEqual([])
  })

  it('records no `okf-hub tool` call: a person at a terminal is not an agent session', () => {
    const dir = bases()
    const cli = hubEnv(dir)
    dirs.push(dir, cli.userData)
    const r = spawnSync(
      process.execPath,
      [CLI_JS, 'tool', 'kb_search', '{"base":"alpha","query":"reconnexion"}'],
      {
        env: cli.env,
        encoding: 'utf8',
        cwd: '/'
      }
    )
    expect(r.status).toBe(0)
    expect(r.stdout).toContain('sso.md')
    expect(existsSync(join(cli.userData, 'journal'))).toBe(false)
  })

  it('writes nothing when `journal: false` is in the hub configuration', async () => {
    const dir = bases()
    const off = hubEnv(dir, { extraConfig: 'journal: false\n' })
    dirs.push(dir, off.userData)
    const s = await connect(off)
    try {
      await s.text('kb_search', { base: 'alpha', query: 'reconnexion' })
      await s.text('kb_read', { base: 'alpha', path: 'sso.md' })
      await s.text('kb_propose', propose)
    } finally {
      await s.close()
    }
    expect(existsSync(join(off.userData, 'journal'))).toBe(false)
  })

  it('writes nothing when the app’s setting is off, and starts again when it is turned back on', async () => {
    const dir = bases()
    const off = hubEnv(dir)
    dirs.push(dir, off.userData)
    const settings = join(off.userData, 'ui-settings.json')
    writeFileSync(settings, JSON.stringify({ journal: false }))
    const s = await connect(off)
    try {
      await s.text('kb_search', { base: 'alpha', query: 'reconnexion' })
      expect(existsSync(join(off.userData, 'journal'))).toBe(false)
      // The running server follows the switch: no restart.
      writeFileSync(settings, JSON.stringify({ journal: true, firstStepsHidden: false }))
      await s.text('kb_search', { base: 'alpha', query: 'sso' })
    } finally {
      await s.close()
    }
    const r = readJournal(join(off.userData, 'journal'))
    expect(r.events.map((e) => (e.tool === 'kb_search' ? e.query : e.tool))).toEqual(['sso'])
  })

  it('answers every tool call when the journal cannot be written, and says why in the hub log', async () => {
    const dir = bases()
    const broken = hubEnv(dir)
    dirs.push(dir, broken.userData)
    writeFileSync(join(broken.userData, 'journal'), 'a file where the folder should be')
    const s = await connect(broken)
    try {
      expect(await s.text('kb_search', { base: 'alpha', query: 'reconnexion' })).toContain('sso.md')
      expect(await s.text('kb_read', { base: 'alpha', path: 'sso.md', section: 'Reconnexion' })).toContain(
        SECRET_LINE
      )
    } finally {
      await s.close()
    }
    expect(readFileSync(broken.logFile, 'utf8')).toMatch(
      /WARNING.*journal d'usage : événement non enregistré/
    )
  })
})
