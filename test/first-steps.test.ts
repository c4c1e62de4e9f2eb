import { afterEach, describe, expect, it } from 'vitest'
import { mkdirSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { git, hubConfig, makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { memoryHubLog } from '../src/engine/hublog'
import { fileProposal } from '../src/engine/proposals/propose'
import { HubService } from '../src/engine/hub/service'
import { installDefaultBases } from '../src/engine/bootstrap/default-bases'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) removeDir(d)
})

// Issue 25 §8: the first-run checklist reads each step from what is there.
describe('first steps', () => {
  it('a fresh install has none done; each is done by what the manager did, however it was done', async () => {
    const basesDir = tempDir('okf-first-bases-')
    const userData = tempDir('okf-first-ud-')
    const home = tempDir('okf-first-home-')
    dirs.push(basesDir, userData, home)
    await installDefaultBases(basesDir, memoryHubLog())
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), APPDATA: join(home, 'AppData/Roaming') }
    const saved = { ...process.env }
    Object.assign(process.env, env)
    try {
      const service = new HubService({
        config: hubConfig(basesDir, userData, { logFile: null, defaultBases: true }),
        log: memoryHubLog(),
        transport: 'web',
        version: '0.0.0-test'
      })
      expect(await service.firstSteps()).toEqual({
        aiApp: false,
        base: false,
        review: false,
        reviewBase: null,
        hidden: false
      })

      // A base of the team's own (made by hand here: the step is read, not recorded).
      makeBundle(basesDir, 'team', { files: { 'knowledge/a.md': '# A\n' } })
      service.registry.rescan()
      expect((await service.firstSteps()).base).toBe(true)

      // Proposals pending: the review step points at the base that has them.
      const team = service.registry.get('team')
      const filed = await fileProposal(
        team,
        {
          type: 'correction',
          concerns: 'A',
          content: 'x',
          sources: ['s'],
          confidence: 'high',
          submittedBy: 'agent:t'
        },
        { log: memoryHubLog(), drawSuffix: () => 'a1b2' }
      )
      expect(await service.firstSteps()).toMatchObject({ review: false, reviewBase: 'team' })
      // Decided (by hand with git, even): done.
      mkdirSync(join(team.root, 'proposals/rejected'), { recursive: true })
      renameSync(
        join(team.root, `proposals/pending/${filed.id}.md`),
        join(team.root, `proposals/rejected/${filed.id}.md`)
      )
      git(team.root, 'add', '-A')
      git(team.root, 'commit', '-qm', 'reject by hand')
      expect(await service.firstSteps()).toMatchObject({ review: true, reviewBase: null })

      // An AI app with OKF Hub's entry: Claude Code's user file, written by the registrar.
      mkdirSync(join(home, '.claude'), { recursive: true })
      await service.register('claude-code')
      expect((await service.firstSteps()).aiApp).toBe(true)

      // Put away, remembered in the settings.
      await service.updateSettings({ firstStepsHidden: true })
      expect((await service.firstSteps()).hidden).toBe(true)
      expect((await service.getSettings()).firstStepsHidden).toBe(true)
      await expect(
        service.updateSettings({ firstStepsHidden: 'yes' as unknown as boolean })
      ).rejects.toMatchObject({
        code: 'INVALID_INPUT'
      })
    } finally {
      process.env = saved
    }
  })
})
