import { afterAll, describe, expect, it, vi } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadManifest, normaliseDescription } from './manifest'

const dir = mkdtempSync(join(tmpdir(), 'okf-manifest-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function bundle(title: string, when: Date): string {
  mkdirSync(join(dir, 'knowledge'), { recursive: true })
  writeFileSync(join(dir, 'GOVERNANCE.md'), '# G\n')
  const m = join(dir, 'okf-bundle.yaml')
  writeFileSync(
    m,
    `bundle-spec: "0.1"\nname: b\ntitle: ${title}\ndescription: d\ngovernance:\n  rules: GOVERNANCE.md\n`
  )
  utimesSync(m, when, when)
  return m
}

describe('loadManifest', () => {
  it('re-reads a manifest whose fingerprint changed, even when its mtime is old', () => {
    const old = new Date(Date.now() - 3600_000)
    bundle('Premier titre', old)
    const a = loadManifest(dir, 'b')
    expect(a.ok && a.base.title).toBe('Premier titre')
    bundle('Titre suivant, plus long', old)
    const b = loadManifest(dir, 'b')
    expect(b.ok && b.base.title).toBe('Titre suivant, plus long')
  })

  it('re-reads a manifest modified within the last seconds even if size and mtime match', () => {
    const now = new Date()
    bundle('Titre AAAA', now)
    const a = loadManifest(dir, 'b')
    expect(a.ok && a.base.title).toBe('Titre AAAA')
    bundle('Titre BBBB', now)
    const b = loadManifest(dir, 'b')
    expect(b.ok && b.base.title).toBe('Titre BBBB')
  })

  it('a parse made inside the racy window is never trusted later, even once the window has passed', () => {
    // A coarse clock (1–2 s on FAT, HFS+, some network drives): parsed at T + 0.5 s, rewritten with
    // the same size within the same tick (so the same mtime, T), asked again at T + 10 s.
    const t = Date.now() + 3_600_000
    const at = (ms: number): Date => new Date(t + ms)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(at(500))
      bundle('Titre CCCC', at(0))
      const a = loadManifest(dir, 'b')
      expect(a.ok && a.base.title).toBe('Titre CCCC')
      bundle('Titre DDDD', at(0))
      vi.setSystemTime(at(10_000))
      const b = loadManifest(dir, 'b')
      expect(b.ok && b.base.title).toBe('Titre DDDD')
    } finally {
      vi.useRealTimers()
    }
  })

  it('normalises the description and cuts it at 500 code points', () => {
    expect(normaliseDescription('  a \n\n b\t c ').text).toBe('a b c')
    const long = normaliseDescription('é'.repeat(600))
    expect([...long.text].length).toBe(501)
    expect(long.warning).toBe("description tronquée à 500 caractères (longueur d'origine : 600)")
  })
})
