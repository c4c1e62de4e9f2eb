import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { git, removeDir, tempDir } from '../../../test/helpers/fixtures'
import { copyFolder } from './local'

/** A plain folder imported: copied, then one commit of every file (staged in batches). */
describe('copyFolder', () => {
  const dirs: string[] = []
  afterEach(() => dirs.splice(0).forEach(removeDir))

  function folder(files: number): { src: string; staging: string } {
    const root = tempDir('okf-local-')
    dirs.push(root)
    const src = join(root, 'src')
    for (let i = 0; i < files; i++) {
      const dir = join(src, `d${i % 7}`)
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, `f${i}.md`), `# ${i}\n`)
    }
    return { src, staging: join(root, 'staging') }
  }

  it('commits every file of a folder larger than one batch, and git finds it whole', async () => {
    const { src, staging } = folder(1203)
    await copyFolder(src, staging)
    expect(git(staging, 'ls-files').trim().split('\n')).toHaveLength(1203)
    expect(git(staging, 'status', '--porcelain')).toBe('')
    expect(git(staging, 'fsck', '--strict').trim()).toBe('')
  })

  it('a cancelled import stops: nothing copied, no repository made', async () => {
    const { src, staging } = folder(20)
    const cancelled = AbortSignal.abort()
    await expect(copyFolder(src, staging, cancelled)).rejects.toThrow(/abort/i)
    expect(existsSync(join(staging, '.git'))).toBe(false)
    expect(
      existsSync(staging)
        ? readdirSync(staging, { recursive: true }).filter((f) => String(f).endsWith('.md'))
        : []
    ).toEqual([])
  })
})
