import { afterEach, describe, expect, it } from 'vitest'
import { mkdirSync, readFileSync, rmSync, rmdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeBundle, tempDir } from '../../../test/helpers/fixtures'
import { discoveryFingerprint } from './freshness'
import { Registry } from './registry'
import { LOCK_DIR_NAME } from '../lock'
import type { HubLog } from '../hublog'

const quiet = { info: () => {}, warning: () => {}, error: () => {} } as unknown as HubLog
const PAST = new Date(Date.now() - 60_000)

/** Every path discovery stats, dated a minute ago: outside the racy window. */
function settle(dir: string, rels: string[]): void {
  for (const r of rels) utimesSync(join(dir, r), PAST, PAST)
}

describe('discoveryFingerprint', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
  })

  const hub = (): { dir: string; registry: Registry; paths: string[] } => {
    const dir = tempDir()
    dirs.push(dir)
    makeBundle(dir, 'une', { git: false })
    const paths = ['une/okf-bundle.yaml', 'une/GOVERNANCE.md', 'une/knowledge', 'une', '.']
    settle(dir, paths)
    const registry = new Registry(dir, quiet)
    registry.rescan()
    return { dir, registry, paths }
  }

  it('is stable while nothing moves, once every mtime is settled', () => {
    const { dir, registry } = hub()
    const a = discoveryFingerprint(dir, registry.list())
    expect(a).not.toBeNull()
    expect(discoveryFingerprint(dir, registry.list())).toBe(a)
  })

  it('is null (never trusted) while an mtime is inside the racy window', () => {
    const { dir, registry } = hub()
    writeFileSync(join(dir, 'une', 'okf-bundle.yaml'), readManifest(dir).replace('Base une', 'Base UNE'))
    expect(discoveryFingerprint(dir, registry.list())).toBeNull()
  })

  it('moves on a manifest edit, rules removed, a base added — and not on a document added deep down', () => {
    const { dir, registry, paths } = hub()
    const a = discoveryFingerprint(dir, registry.list())
    writeFileSync(join(dir, 'une', 'knowledge', 'sous.md'), '# nouveau\n')
    settle(dir, paths)
    expect(discoveryFingerprint(dir, registry.list())).toBe(a)
    writeFileSync(join(dir, 'une', 'okf-bundle.yaml'), readManifest(dir).replace('Base une', 'Base deux'))
    settle(dir, paths)
    const b = discoveryFingerprint(dir, registry.list())
    expect(b).not.toBe(a)
    rmSync(join(dir, 'une', 'GOVERNANCE.md'))
    settle(
      dir,
      paths.filter((p) => p !== 'une/GOVERNANCE.md')
    )
    const c = discoveryFingerprint(dir, registry.list())
    expect(c).not.toBe(b)
    makeBundle(dir, 'autre', { git: false })
    settle(dir, [...paths.filter((p) => p !== 'une/GOVERNANCE.md'), 'autre', 'autre/okf-bundle.yaml'])
    expect(discoveryFingerprint(dir, registry.list())).not.toBe(c)
  })

  it('stays trusted and equal while the base lock comes and goes in a bundle, moves when an entry of the bundle appears or changes kind', () => {
    const { dir, registry } = hub()
    const a = discoveryFingerprint(dir, registry.list())
    expect(a).not.toBeNull()
    // What every proposal does: the lock directory made, then removed, in the bundle — its mtime
    // now inside the racy window.
    mkdirSync(join(dir, 'une', LOCK_DIR_NAME))
    expect(discoveryFingerprint(dir, registry.list())).toBe(a)
    rmdirSync(join(dir, 'une', LOCK_DIR_NAME))
    expect(discoveryFingerprint(dir, registry.list())).toBe(a)
    // Anything else in the bundle still counts, whatever its mtime.
    mkdirSync(join(dir, 'une', 'schemas'))
    const b = discoveryFingerprint(dir, registry.list())
    expect(b).not.toBeNull()
    expect(b).not.toBe(a)
    rmdirSync(join(dir, 'une', 'schemas'))
    writeFileSync(join(dir, 'une', 'schemas'), 'a file now\n')
    expect(discoveryFingerprint(dir, registry.list())).not.toBe(b)
  })

  it('Registry.refresh scans only when the fingerprint moved, and bumps the listing version on a real change', () => {
    const { dir, registry, paths } = hub()
    expect(registry.refresh()).toBe(true) // the start-up fingerprint did not know the bases yet
    expect(registry.refresh()).toBe(false)
    const v = registry.listingVersion
    writeFileSync(join(dir, 'une', 'knowledge', 'autre.md'), '# autre\n')
    settle(dir, paths)
    expect(registry.refresh()).toBe(false)
    writeFileSync(join(dir, 'une', 'okf-bundle.yaml'), readManifest(dir).replace('Base une', 'Base renommée'))
    settle(dir, paths)
    expect(registry.refresh()).toBe(true)
    expect(registry.listingVersion).toBe(v + 1)
    expect(registry.get('une').title).toBe('Base renommée')
    // The report's baseline is the previous rescan, not the live view.
    expect(registry.rescan().unchanged).toEqual(['une'])
  })
})

function readManifest(dir: string): string {
  return readFileSync(join(dir, 'une', 'okf-bundle.yaml'), 'utf8')
}
