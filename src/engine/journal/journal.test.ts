import { afterAll, describe, expect, it } from 'vitest'
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { memoryHubLog } from '../hublog'
import { loadConfig, type HubConfig } from '../config'
import { SettingsStore, SETTINGS_FILE } from '../hub/settings'
import type { CallOrigin, JournalEventBody } from './events'
import { JournalWriter, journalDir, openJournal } from './writer'
import { journalStats, parseJournalText, purgeJournal, readJournal } from './store'
import { journalOffBy, journalSwitch } from './switch'

const tmp = mkdtempSync(join(tmpdir(), 'okf-journal-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
let n = 0
const freshDir = (): string => join(tmp, `j${++n}`)

const origin: CallOrigin = { session: 's-1', client: 'claude-ai' }
const search = (query: string, base = 'alpha'): JournalEventBody => ({
  tool: 'kb_search',
  bases: [base],
  query,
  mode: 'keyword',
  results: 1,
  orFallback: false,
  groups: [{ base, orFallback: false, shown: [{ path: 'a.md', sections: ['Intro'] }] }]
})
const read = (path: string, base = 'alpha'): JournalEventBody => ({
  tool: 'kb_read',
  base,
  path,
  section: null,
  shown: 'full'
})

/** A clock the test moves by hand. */
function clock(start: string): { now: () => Date; set(iso: string): void; add(ms: number): void } {
  let t = Date.parse(start)
  return { now: () => new Date(t), set: (iso) => void (t = Date.parse(iso)), add: (ms) => void (t += ms) }
}

function writer(dir: string, over: Partial<ConstructorParameters<typeof JournalWriter>[0]> = {}) {
  const log = memoryHubLog()
  const c = clock('2026-03-01T10:00:00.000Z')
  const w = new JournalWriter({ dir, enabled: () => true, log, now: c.now, pid: 4242, ...over })
  return { w, log, c }
}

describe('the usage journal', () => {
  it('appends one JSON line per event, with its time, session and client, and reads them back in order', () => {
    const dir = freshDir()
    const { w, c } = writer(dir)
    w.record(origin, search('sso'))
    c.add(1000)
    w.record({ session: 's-2', client: null }, read('sso.md', 'beta'))
    c.add(1000)
    w.record(origin, { tool: 'kb_propose', base: 'alpha', id: 'p-123' })
    const files = readdirSync(dir)
    expect(files).toHaveLength(1)
    const lines = readFileSync(join(dir, files[0]), 'utf8').split('\n')
    expect(lines).toHaveLength(4)
    expect(lines[3]).toBe('')
    expect(JSON.parse(lines[0])).toEqual({
      v: 1,
      t: '2026-03-01T10:00:00.000Z',
      session: 's-1',
      client: 'claude-ai',
      ...search('sso')
    })
    const all = readJournal(dir)
    expect(all.skipped).toBe(0)
    expect(all.events.map((e) => e.tool)).toEqual(['kb_search', 'kb_read', 'kb_propose'])
    expect(all.events[1]).toMatchObject({ session: 's-2', client: null, base: 'beta' })
    // The filters the gaps and insights will use.
    expect(readJournal(dir, { base: 'alpha' }).events.map((e) => e.tool)).toEqual(['kb_search', 'kb_propose'])
    expect(readJournal(dir, { since: new Date('2026-03-01T10:00:01.000Z') }).events).toHaveLength(2)
    expect(readJournal(dir, { until: new Date('2026-03-01T10:00:01.000Z') }).events).toHaveLength(1)
    expect(journalStats(dir)).toEqual({ files: 1, bytes: expect.any(Number), events: 3 })
  })

  it('skips a torn last line (a crash mid-write) and keeps every line before it', () => {
    const dir = freshDir()
    const { w } = writer(dir)
    for (let i = 0; i < 3; i++) w.record(origin, search(`q${i}`))
    const file = join(dir, readdirSync(dir)[0])
    const whole = JSON.stringify({ v: 1, t: '2026-03-01T10:00:00.000Z', ...origin, ...search('q3') })
    appendFileSync(file, whole.slice(0, whole.length - 7))
    const r = readJournal(dir)
    expect(r.events.map((e) => (e.tool === 'kb_search' ? e.query : ''))).toEqual(['q0', 'q1', 'q2'])
    expect(r.skipped).toBe(1)
    expect(journalStats(dir).events).toBe(3)
  })

  it('skips a line of another shape without losing the rest of the file', () => {
    const good = JSON.stringify({ v: 1, t: '2026-03-01T10:00:00.000Z', ...origin, ...read('a.md') })
    const text = [good, '{"v":2,"tool":"kb_future"}', 'not json', good, ''].join('\n')
    const r = parseJournalText(text)
    expect(r.events).toHaveLength(2)
    expect(r.skipped).toBe(2)
    expect(parseJournalText('').events).toEqual([])
    expect(parseJournalText('').skipped).toBe(0)
  })

  it('starts a new file past the size bound and on a new day, and keeps the folder within its total', () => {
    const dir = freshDir()
    const line = Buffer.byteLength(
      JSON.stringify({ v: 1, t: '2026-03-01T10:00:00.000Z', ...origin, ...search('q00') }) + '\n'
    )
    const { w, c } = writer(dir, { maxFileBytes: line * 2, maxTotalBytes: line * 6 })
    for (let i = 0; i < 6; i++) {
      w.record(origin, search(`q${String(i).padStart(2, '0')}`))
      c.add(1000)
    }
    expect(readdirSync(dir)).toHaveLength(3)
    c.set('2026-03-02T00:00:01.000Z')
    w.record(origin, search('q06'))
    // A new day, a new file; the budget keeps room for it, so the oldest file went.
    const files = readdirSync(dir).sort()
    expect(files).toHaveLength(3)
    expect(files[files.length - 1]).toMatch(/^20260302T000001Z-4242-[0-9a-f]+\.jsonl$/)
    const queries = readJournal(dir).events.map((e) => (e.tool === 'kb_search' ? e.query : ''))
    expect(queries).toEqual(['q02', 'q03', 'q04', 'q05', 'q06'])
    expect(journalStats(dir).bytes).toBeLessThanOrEqual(line * 6)
  })

  it('drops files last written more than the age bound ago', () => {
    const dir = freshDir()
    const { w, c } = writer(dir, { maxAgeDays: 180 })
    w.record(origin, search('old'))
    const [old] = readdirSync(dir)
    const then = new Date('2026-03-01T10:00:00.000Z')
    utimesSync(join(dir, old), then, then)
    c.set('2026-08-27T10:00:00.000Z') // 179 days: kept
    w.record(origin, search('recent'))
    expect(readdirSync(dir)).toHaveLength(2)
    c.set('2026-08-29T10:00:00.000Z') // 181 days after the old file's last write
    w.record(origin, search('new'))
    expect(readdirSync(dir)).not.toContain(old)
    expect(readJournal(dir).events.map((e) => (e.tool === 'kb_search' ? e.query : ''))).toEqual([
      'recent',
      'new'
    ])
  })

  it('is purged at once, and a running writer starts a new file at its next event', () => {
    const dir = freshDir()
    const { w, c } = writer(dir)
    w.record(origin, search('before'))
    w.record(origin, search('before too'))
    expect(purgeJournal(dir)).toBe(1)
    expect(journalStats(dir)).toEqual({ files: 0, bytes: 0, events: 0 })
    rmSync(dir, { recursive: true, force: true })
    c.add(1000)
    w.record(origin, search('after'))
    expect(readJournal(dir).events.map((e) => (e.tool === 'kb_search' ? e.query : ''))).toEqual(['after'])
    expect(purgeJournal(freshDir())).toBe(0)
  })

  it('writes nothing while switched off, and follows the switch while running', () => {
    const dir = freshDir()
    let on = false
    const { w } = writer(dir, { enabled: () => on })
    w.record(origin, search('off'))
    expect(readJournal(dir).events).toEqual([])
    on = true
    w.record(origin, search('on'))
    expect(readJournal(dir).events).toHaveLength(1)
  })

  it('never throws when it cannot write, and says so once in the hub log', () => {
    const blocker = join(tmp, `blocker${++n}`)
    writeFileSync(blocker, 'a file where the folder should be')
    const { w, log } = writer(join(blocker, 'journal'))
    expect(() => {
      w.record(origin, search('a'))
      w.record(origin, search('b'))
    }).not.toThrow()
    const warnings = log.lines.filter((l) => l.includes("journal d'usage"))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/WARNING.*événement non enregistré/)
  })
})

describe('the journal switch', () => {
  function config(extra = ''): HubConfig {
    const ud = join(tmp, `ud${++n}`)
    mkdirSync(join(ud, 'bases'), { recursive: true })
    const file = join(ud, 'hub-config.yaml')
    writeFileSync(file, `default-bases: false\n${extra}`)
    return loadConfig({ env: { HOME: tmp, OKF_HUB_USER_DATA: ud }, cwd: '/' })
  }

  it('is on by default, in the user-data folder', () => {
    const c = config()
    expect(c.journal).toBeUndefined()
    expect(journalOffBy(c, { journal: true })).toBeNull()
    expect(journalDir(c)).toBe(join(c.userDataDir, 'journal'))
    const log = memoryHubLog()
    openJournal(c, log).record(origin, search('default'))
    expect(readJournal(journalDir(c)).events).toHaveLength(1)
  })

  it('is held off by `journal: false` in the hub configuration', () => {
    const c = config('journal: false\n')
    expect(c.journal).toBe(false)
    expect(journalOffBy(c, { journal: true })).toBe('config')
    expect(journalSwitch(c, memoryHubLog())()).toBe(false)
    openJournal(c, memoryHubLog()).record(origin, search('x'))
    expect(readJournal(journalDir(c)).events).toEqual([])
    expect(() => config('journal: nope\n')).toThrow(/journal doit être un booléen/)
  })

  it('follows the app’s setting while a server runs', async () => {
    const c = config()
    const log = memoryHubLog()
    const enabled = journalSwitch(c, log)
    const store = new SettingsStore(c.userDataDir, log)
    expect(enabled()).toBe(true)
    await store.update({ journal: false })
    expect(enabled()).toBe(false)
    expect(journalOffBy(c, store.read())).toBe('settings')
    await store.update({ journal: true })
    expect(enabled()).toBe(true)
    await expect(store.update({ journal: 'no' })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })

  it('a settings file edited in place within its mtime’s tick is still followed', () => {
    const c = config()
    const enabled = journalSwitch(c, memoryHubLog())
    const file = join(c.userDataDir, SETTINGS_FILE)
    // A coarse clock: both writes carry the same mtime; same size, same inode. The mtime is set a
    // minute ahead, so that it stays inside the racy window however slowly the test runs.
    const tick = new Date(Date.now() + 60_000)
    mkdirSync(c.userDataDir, { recursive: true })
    writeFileSync(file, '{"journal":true }\n')
    utimesSync(file, tick, tick)
    expect(enabled()).toBe(true)
    writeFileSync(file, '{"journal":false}\n')
    utimesSync(file, tick, tick)
    expect(enabled()).toBe(false)
  })
})
