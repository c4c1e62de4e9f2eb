import { afterAll, describe, expect, it } from 'vitest'
import { removeDir, tempDir } from './helpers/fixtures'
import { connect, hubEnv, type Connected } from './helpers/mcp'
import { manyName, writeManyBases } from './helpers/many-bases'

/**
 * tools/list within its budget, through the built server and the SDK client over stdio, with
 * copies of the guide base (its real title and purpose): the contract's listing while it fits,
 * then shorter steps — never a description over 4,000 characters, the whole list under 16 KB at
 * 1,000 bases, the count and kb_list always named, kb_list itself complete.
 */

const SIX = ['kb_list', 'kb_search', 'kb_read', 'kb_governance', 'kb_propose', 'kb_proposal_status']
const open: { dir: string; s: Connected }[] = []

async function serve(count: number): Promise<Connected> {
  const dir = tempDir('okf-many-')
  writeManyBases(dir, count)
  const s = await connect(hubEnv(dir))
  open.push({ dir, s })
  return s
}

async function toolsList(s: Connected) {
  const r = await s.client.listTools()
  return { tools: r.tools, bytes: Buffer.byteLength(JSON.stringify(r)) }
}

afterAll(async () => {
  for (const { dir, s } of open) {
    await s.close()
    removeDir(dir)
  }
})

describe('tool descriptions at scale (real server)', () => {
  it('a small hub keeps the full listing, each base with its title and whole purpose', async () => {
    const s = await serve(3)
    const { tools } = await toolsList(s)
    const kbList = tools.find((t) => t.name === 'kb_list')!
    expect(kbList.description).toContain('\n\nBases connues :\n- copie-0000 — OKF Hub — mode d')
    expect(kbList.description).toContain("Des procédures, jamais des schémas d'outils.")
  })

  it('30 bases: titles only, every base named, each description under 4,000 characters', async () => {
    const s = await serve(30)
    const { tools } = await toolsList(s)
    for (const name of SIX) {
      const d = tools.find((t) => t.name === name)!.description!
      expect(d.length, name).toBeLessThanOrEqual(4000)
      expect(d, name).toContain('(30 ; titres seuls, objets : kb_list) :')
      for (let i = 0; i < 30; i++) expect(d).toContain(`- ${manyName(i)} — `)
    }
  })

  it('1,000 bases: tools/list under 16 KB, the count and kb_list in all six, kb_list complete', async () => {
    const s = await serve(1000)
    const { tools, bytes } = await toolsList(s)
    expect(bytes).toBeLessThan(16 * 1024)
    for (const name of SIX) {
      const d = tools.find((t) => t.name === name)!.description!
      expect(d.length, name).toBeLessThanOrEqual(4000)
      expect(d, name).toMatch(/\(1000 ; noms seuls\) : copie-0000, .* … et \d+ autres bases : kb_list$/)
    }
    const listed = await s.text('kb_list')
    for (let i = 0; i < 1000; i++) expect(listed).toContain(`## ${manyName(i)} — `)
  })
})
