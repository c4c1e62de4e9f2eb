import { describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const ROOT = join(__dirname, '../..')

/**
 * A fresh Node process sets a policy, then allocates what a server's requests leave behind (a
 * changing live set and much garbage), and prints its young generation's size before and after:
 * the heap's own figures, not a time.
 */
function youngGeneration(
  policy: string,
  env: Record<string, string> = {}
): { before: number; after: number } {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8'
    import { preferSmallHeap } from ${JSON.stringify(join(ROOT, 'src/engine/memory.ts'))}
    const size = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size
    preferSmallHeap(${JSON.stringify(policy)})
    const before = size()
    const keep = []
    for (let i = 0; i < 400000; i++) {
      keep.push({ i, s: 'x'.repeat(50) + i })
      if (keep.length > 20000) keep.splice(0, 10000)
    }
    console.log(JSON.stringify({ before, after: size() }))
  `
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, OKF_HUB_MEMORY_POLICY: '', ...env }
  })
  if (r.status !== 0) throw new Error(r.stderr)
  return JSON.parse(r.stdout) as { before: number; after: number }
}

describe('preferSmallHeap', () => {
  it("'growth' keeps the young generation at the size it had when the policy was set", () => {
    const y = youngGeneration('growth')
    expect(y.after).toBe(y.before)
  })

  it('without a policy (OKF_HUB_MEMORY_POLICY=off) the same work grows it', () => {
    const y = youngGeneration('growth', { OKF_HUB_MEMORY_POLICY: 'off' })
    expect(y.after).toBeGreaterThan(y.before)
  })
})
