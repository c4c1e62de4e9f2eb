import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { connect, hubEnv, type Connected } from './helpers/mcp'

/**
 * Text saved decomposed (NFD: « e\u0301 » for « é »), as some macOS tools write file contents and
 * names: an agent types composed text, and the hub must find, print and read back the same
 * documents as if they were composed. Through the real server.
 */
describe('MCP server — decomposed documents and file names', () => {
  const nfd = (s: string): string => s.normalize('NFD')
  let dir: string
  let s: Connected

  beforeAll(async () => {
    dir = tempDir()
    makeBundle(dir, 'alpha', {
      files: {
        [`knowledge/${nfd('procédures/état.md')}`]: nfd(
          '# Gestion de l’état\n\nIntro.\n\n## Réducteur\n\nLa mise à jour de l’état passe par un réducteur.\n'
        )
      }
    })
    s = await connect(hubEnv(dir))
  })

  afterAll(async () => {
    await s?.close()
    removeDir(dir)
  })

  it('a composed query finds the decomposed page; the path it prints reads back typed composed', async () => {
    expect(readdirSync(join(dir, 'alpha', 'knowledge'))).toEqual([nfd('procédures')])
    const out = await s.text('kb_search', { base: 'alpha', query: 'réducteur état' })
    expect(out).toContain('1 résultat(s)')
    expect(out).toContain('§ réducteur')
    expect(out).toContain('La mise à jour de l’état passe par un réducteur.')
    // The agent copies the path back composed, as language models write it.
    const sec = await s.text('kb_read', { base: 'alpha', path: 'procédures/état.md', section: 'Réducteur' })
    expect(sec.normalize('NFC')).toContain('La mise à jour de l’état passe par un réducteur.')
    const whole = await s.text('kb_read', { base: 'alpha', path: 'procédures/état.md' })
    expect(whole.normalize('NFC')).toContain('# Gestion de l’état')
  })
})
