import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { removeDir, tempDir } from '../../../test/helpers/fixtures'
import type { InventoryProposal } from '../../shared/review'
import { MAX_ORIGINS, SyncStateStore, withOrigin } from './state'

const ROOT = '/bases/equipe'
const AT = new Date('2026-12-05T10:00:00Z')

const proposal = (id: string): InventoryProposal => ({
  id,
  path: `proposals/pending/${id}.md`,
  type: 'observation',
  concerns: 'x',
  confidence: 'low',
  sources: [],
  submittedBy: 'process:test',
  submittedAt: null,
  ageDays: null,
  likelyDocuments: [],
  tracked: true,
  incomplete: false
})

let dirs: string[] = []
afterEach(() => {
  for (const d of dirs) removeDir(d)
  dirs = []
})

function storeIn(): { file: string; store: SyncStateStore } {
  const dir = tempDir('okf-sync-state-')
  dirs.push(dir)
  const file = join(dir, 'sync-state.json')
  return { file, store: new SyncStateStore(file) }
}

describe('where integrated proposals came from (issue 27)', () => {
  it('are kept across a restart, and by every later record of the base', async () => {
    const { file, store } = storeIn()
    store.recordOrigins(
      ROOT,
      [
        { id: 'prop-2026-12-05-aaaa', inbox: 'okf-hub/inbox/c0ffee01' },
        { id: 'prop-2026-12-05-cafe', inbox: 'okf-hub/inbox/c0ffee02', renamedFrom: 'prop-2026-12-05-beef' }
      ],
      AT
    )
    // A sync's outcome and a protection learnt afterwards keep the marks.
    store.record(ROOT, 'up-to-date', 'ok', true, AT)
    store.learnMainProtected(ROOT, AT)
    await store.flush()
    const again = new SyncStateStore(file)
    expect(again.originsOf(ROOT)).toEqual({
      'prop-2026-12-05-aaaa': { inbox: 'okf-hub/inbox/c0ffee01', at: AT.toISOString() },
      'prop-2026-12-05-cafe': {
        inbox: 'okf-hub/inbox/c0ffee02',
        at: AT.toISOString(),
        renamedFrom: 'prop-2026-12-05-beef'
      }
    })
    expect(again.get(ROOT)?.state).toBe('up-to-date')
    expect(again.originsOf('/bases/autre')).toEqual({})
  })

  it('two processes on one file: each one’s marks survive the other’s save, and each reads the other’s', async () => {
    const { file, store: app } = storeIn()
    app.record(ROOT, 'up-to-date', 'ok', true, AT)
    await app.flush()
    // The CLI's `okf-hub sync` beside the app: its own store on the same file.
    const cli = new SyncStateStore(file)
    cli.recordOrigins(ROOT, [{ id: 'prop-2026-12-05-c11c', inbox: 'okf-hub/inbox/c' }], AT)
    await cli.flush()
    expect(Object.keys(app.originsOf(ROOT))).toEqual(['prop-2026-12-05-c11c'])
    // The app integrates too, then records an outcome: the CLI's mark stays in the file.
    app.recordOrigins(ROOT, [{ id: 'prop-2026-12-05-a99a', inbox: 'okf-hub/inbox/a' }], AT)
    app.record(ROOT, 'ahead', 'à envoyer', true, AT)
    await app.flush()
    cli.record(ROOT, 'up-to-date', 'ok', true, AT)
    await cli.flush()
    expect(Object.keys(new SyncStateStore(file).originsOf(ROOT)).sort()).toEqual([
      'prop-2026-12-05-a99a',
      'prop-2026-12-05-c11c'
    ])
  })

  it('keep only the newest marks past the bound', () => {
    const { store } = storeIn()
    const ids = Array.from(
      { length: MAX_ORIGINS + 3 },
      (_, i) => `prop-2026-12-05-${i.toString(16).padStart(4, '0')}`
    )
    store.recordOrigins(
      ROOT,
      ids.slice(0, 10).map((id) => ({ id, inbox: 'okf-hub/inbox/a' })),
      AT
    )
    store.recordOrigins(
      ROOT,
      ids.slice(10).map((id) => ({ id, inbox: 'okf-hub/inbox/b' })),
      AT
    )
    const kept = Object.keys(store.originsOf(ROOT))
    expect(kept).toHaveLength(MAX_ORIGINS)
    expect(kept).not.toContain(ids[0])
    expect(kept).toContain(ids[3])
    expect(kept).toContain(ids[ids.length - 1])
  })

  it('a file edited by hand with bad marks loses only those', async () => {
    const { file, store } = storeIn()
    store.record(ROOT, 'up-to-date', 'ok', true, AT)
    await store.flush()
    const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>
    data[ROOT].origins = {
      'prop-2026-12-05-aaaa': { inbox: 'okf-hub/inbox/a', at: AT.toISOString() },
      'prop-2026-12-05-bbbb': { inbox: 42 },
      'prop-2026-12-05-cccc': 'texte'
    }
    writeFileSync(file, JSON.stringify(data))
    expect(Object.keys(new SyncStateStore(file).originsOf(ROOT))).toEqual(['prop-2026-12-05-aaaa'])
  })

  it('mark the inventory’s proposal with the inbox and the hub id, and nothing else', () => {
    const origins = {
      'prop-2026-12-05-aaaa': { inbox: 'okf-hub/inbox/c0ffee01', at: AT.toISOString() }
    }
    expect(withOrigin(proposal('prop-2026-12-05-aaaa'), origins).origin).toEqual({
      inbox: 'okf-hub/inbox/c0ffee01',
      hubId: 'c0ffee01',
      collectedAt: AT.toISOString()
    })
    const local = proposal('prop-2026-12-05-dddd')
    expect(withOrigin(local, origins)).toBe(local)
    // An id named like an Object.prototype key is not an origin.
    expect(withOrigin(proposal('constructor'), origins).origin).toBeUndefined()
  })
})
