import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { CLI_JS, assertBuilt, connect, hubEnv, type HubEnv } from './helpers/mcp'
import type { Insights } from '../src/shared/insights'
import { Registry } from '../src/engine/registry/registry'
import { memoryHubLog } from '../src/engine/hublog'
import { fileProposal } from '../src/engine/proposals/propose'
import { resolvePlan } from '../src/engine/review/resolve'

/**
 * `okf-hub insights <base> [--json]` through the real processes: agents search through the built MCP
 * server, the CLI reads the same user-data folder's journal. English and French follow the locale;
 * an agent's query never reaches the terminal with its control characters.
 */

const FRENCH = /\b(lacunes?|recherches?|depuis|aucune?|documents les plus lus|propositions)\b/i
const dirs: string[] = []
let h: HubEnv

function cli(args: string[], lang: string) {
  assertBuilt()
  return spawnSync(process.execPath, [CLI_JS, 'insights', ...args], {
    env: { ...h.env, LANG: lang },
    encoding: 'utf8',
    cwd: '/'
  })
}

beforeAll(async () => {
  const bases = tempDir('okf-ins-cli-')
  dirs.push(bases)
  makeBundle(bases, 'alpha', {
    files: { 'knowledge/sso.md': '# Reconnexion SSO\n\nCliquer sur « réauthentifier ».\n' }
  })
  h = hubEnv(bases)
  dirs.push(h.userData)
  for (const queries of [
    ['ticket kerberos', 'kerberos'],
    ['Kerberos tickets', '\u001b[31mkerberos\u001b[0m renouveler']
  ]) {
    const s = await connect(h)
    try {
      for (const query of queries) await s.text('kb_search', { base: 'alpha', query })
      await s.text('kb_search', { base: 'alpha', query: 'reconnexion' })
      await s.text('kb_read', { base: 'alpha', path: 'sso.md' })
    } finally {
      await s.close()
    }
  }
}, 60_000)

afterAll(() => dirs.forEach(removeDir))

describe('okf-hub insights', () => {
  it('--json: the gaps with id, status, queries, sessions, first and last seen, beside the figures', () => {
    const r = cli(['alpha', '--json'], 'en_US.UTF-8')
    expect(r.status, r.stderr).toBe(0)
    const out = JSON.parse(r.stdout) as Insights
    // The hostile query shares no term with the others (its escape codes glue to its words): its own topic.
    expect(out.gaps).toHaveLength(2)
    const [gap, hostile] = out.gaps
    expect(gap).toMatchObject({ status: 'open', sessions: 2, count: 3 })
    expect(hostile).toMatchObject({
      status: 'open',
      sessions: 1,
      queries: ['\u001b[31mkerberos\u001b[0m renouveler']
    })
    expect(gap.id).toMatch(/^gap-[0-9a-f]{10}$/)
    expect(gap.queries).toEqual(expect.arrayContaining(['ticket kerberos', 'kerberos', 'Kerberos tickets']))
    expect(Date.parse(gap.firstSeen)).toBeLessThanOrEqual(Date.parse(gap.lastSeen))
    expect(gap.closedBy).toBeUndefined()
    expect(out.mostRead).toEqual([{ path: 'sso.md', reads: 2, sessions: 2 }])
    expect(out.unread).toEqual({ days: 90, total: 0, paths: [] })
    expect(out.decisionTime).toEqual({ decided: 0, medianHours: null, meanHours: null })
  })

  it('prints the same in English, queries quoted as plain text', () => {
    const r = cli(['alpha'], 'en_US.UTF-8')
    expect(r.status, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/^Insights of alpha — \d+ journal event\(s\) since \d{4}-\d{2}-\d{2}/)
    expect(r.stdout).toContain('Open gaps (2), by sessions:')
    expect(r.stdout).toMatch(/1\. gap-[0-9a-f]{10} {2}2 session\(s\), 3 search\(es\)/)
    expect(r.stdout).toContain('"ticket kerberos"')
    expect(r.stdout).toContain('"\\u001b[31mkerberos\\u001b[0m renouveler"')
    expect(r.stdout).not.toContain('\u001b')
    expect(r.stdout).toContain('"sso.md"  2 read(s), 2 session(s)')
    expect(r.stdout).not.toMatch(FRENCH)
  })

  it('in French with LANG=fr_FR', () => {
    const r = cli(['alpha'], 'fr_FR.UTF-8')
    expect(r.status, r.stderr).toBe(0)
    expect(r.stdout).toContain('Lacunes ouvertes (2), par sessions :')
    expect(r.stdout).toContain('Délai de décision : aucune proposition décidée.')
  })

  it('exit codes: 3 for an unknown base, 64 for a usage error', () => {
    const unknown = cli(['nope'], 'en_US.UTF-8')
    expect(unknown.status).toBe(3)
    expect(unknown.stderr).toMatch(/^ERROR: UNKNOWN_BASE: /)
    expect(cli([], 'en_US.UTF-8').status).toBe(64)
    const bad = cli(['alpha', '--frob'], 'en_US.UTF-8')
    expect(bad.status).toBe(64)
    expect(bad.stderr).toContain('unknown option: --frob')
    expect(cli(['--help'], 'en_US.UTF-8').stdout).toMatch(/^usage: okf-hub insights <base>/)
  })
})

describe('okf-hub insights — the time from filing to decision', () => {
  it('says minutes for decisions taken minutes after filing (found by exploratory QA: « median 0 h »)', async () => {
    const bases = tempDir('okf-ins-cli-dec-')
    dirs.push(bases)
    makeBundle(bases, 'beta')
    const registry = new Registry(bases, memoryHubLog())
    registry.rescan()
    const base = registry.get('beta')
    const log = memoryHubLog()
    const filedAt = Date.parse('2026-12-01T09:00:00Z')
    for (const minutes of [2, 3, 10]) {
      const { id } = await fileProposal(
        base,
        {
          type: 'addition',
          concerns: `c${minutes}`,
          content: 'x',
          sources: ['x'],
          confidence: 'low',
          submittedBy: 'a'
        },
        { log, now: () => new Date(filedAt) }
      )
      await resolvePlan(
        base,
        {
          summary: 's',
          reviewed_by: 'human:M',
          resolutions: [{ id, resolution: 'rejected', reason: 'non' }],
          edits: []
        },
        { log, now: () => new Date(filedAt + minutes * 60_000) }
      )
    }
    const own = hubEnv(bases)
    dirs.push(own.userData)
    const run = (args: string[], lang: string) =>
      spawnSync(process.execPath, [CLI_JS, 'insights', 'beta', ...args], {
        env: { ...own.env, LANG: lang },
        encoding: 'utf8',
        cwd: '/'
      })
    const json = JSON.parse(run(['--json'], 'en_US.UTF-8').stdout) as Insights
    expect(json.decisionTime).toEqual({ decided: 3, medianHours: 0.05, meanHours: 0.083 })
    expect(run([], 'en_US.UTF-8').stdout).toContain(
      'Filing to decision: median 3 minutes, mean 5 minutes (3 decided)'
    )
    expect(run([], 'fr_FR.UTF-8').stdout.replace(/[\u00a0\u202f]/g, ' ')).toContain(
      'Délai de décision : médiane 3 minutes, moyenne 5 minutes (3 décidée(s))'
    )
  })
})
