import { describe, expect, it } from 'vitest'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { connect, hubEnv } from './helpers/mcp'

describe('server instructions', () => {
  it('name the default bases that are actually deployed', async () => {
    const dir = tempDir()
    const s = await connect(hubEnv(dir, { defaultBases: true }))
    try {
      const text = s.client.getInstructions() ?? ''
      expect(text).toContain('Ce hub expose des bases de connaissance markdown versionnées en git.')
      expect(text).toContain('Bases décrivant le hub lui-même :')
      expect(text).toContain("- okf-hub-guide : mode d'emploi de ce hub")
      expect(text).toContain("- okf-hub-feedback : retours d'usage sur l'outillage du hub lui-même")
      expect(await s.text('kb_list')).toContain('## okf-hub-guide')
    } finally {
      await s.close()
      removeDir(dir)
    }
  })

  it('say nothing of them when they are not there', async () => {
    const dir = tempDir()
    makeBundle(dir, 'metier')
    const s = await connect(hubEnv(dir))
    try {
      const text = s.client.getInstructions() ?? ''
      expect(text).toContain('kb_propose')
      expect(text).not.toContain('Bases décrivant le hub')
      expect(text).not.toContain('okf-hub-guide')
    } finally {
      await s.close()
      removeDir(dir)
    }
  })

  it('the server reports its name and version', async () => {
    const dir = tempDir()
    const s = await connect(hubEnv(dir))
    try {
      const v = s.client.getServerVersion()
      expect(v?.name).toBe('okf-hub')
      expect(v?.version).toMatch(/^\d+\.\d+\.\d+/)
    } finally {
      await s.close()
      removeDir(dir)
    }
  })
})
