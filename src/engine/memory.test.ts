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

/**
 * A fresh Node process sets a policy, then has TurboFan optimize (synchronously, through V8's
 * natives) a function that calls four others of 226 bytes of bytecode each, and counts, in V8's
 * inlining trace, the callees it inlined: V8's own decisions, not a time.
 */
function inlinedCalls(policy: string, env: Record<string, string> = {}): number {
  const callee = (k: number): string =>
    `function okfCallee${k}(o) { let s = 0; for (const x of o.items) { if (x.a > ${k}) s += x.a * ${k}; else if (x.b) s -= x.b.length; else s += String(x).length } return s + o.items.length + (o.name ? o.name.length : 0) }`
  // Natives syntax in eval'd text, which Node's type stripping leaves alone.
  const natives = `
    ${[1, 2, 3, 4].map(callee).join('\n')}
    function okfInliningProbe(o) { return okfCallee1(o) + okfCallee2(o) + okfCallee3(o) + okfCallee4(o) }
    const o = { items: [{ a: 3 }, { b: 'xx' }, 5], name: 'n' };
    %PrepareFunctionForOptimization(okfInliningProbe);
    ${[1, 2, 3, 4].map((k) => `%PrepareFunctionForOptimization(okfCallee${k});`).join(' ')}
    okfInliningProbe(o); okfInliningProbe(o);
    %OptimizeFunctionOnNextCall(okfInliningProbe);
    okfInliningProbe(o);
  `
  const script = `
    import { preferSmallHeap } from ${JSON.stringify(join(ROOT, 'src/engine/memory.ts'))}
    preferSmallHeap(${JSON.stringify(policy)})
    ;(0, eval)(${JSON.stringify(natives)})
  `
  const r = spawnSync(
    process.execPath,
    // One isolate (Node strips memory.ts's types itself: tsx's loader would run a second isolate in
    // a worker thread, tracing its own compilations into the same stdout), every compilation on
    // its main thread: the trace's lines are not interleaved with another writer's.
    [
      '--allow-natives-syntax',
      '--trace-turbo-inlining',
      '--no-concurrent-recompilation',
      '--no-warnings',
      '--input-type=module',
      '-e',
      script
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, OKF_HUB_MEMORY_POLICY: '', ...env } }
  )
  if (r.status !== 0) throw new Error(r.stderr)
  const inlined = r.stdout.matchAll(
    /Inlining \S+ \{\S+ <SharedFunctionInfo (okfCallee\d)>\} into \S+ \{\S+ <SharedFunctionInfo okfInliningProbe>/g
  )
  return new Set([...inlined].map((m) => m[1])).size
}

describe('preferSmallHeap', () => {
  it("'growth' bounds what TurboFan inlines into one function (its worker threads' memory)", () => {
    // 226 bytes each: one fits the budget, two do not.
    expect(inlinedCalls('growth')).toBe(1)
  })

  it("with V8's defaults (OKF_HUB_MEMORY_POLICY=off) the same function inlines three", () => {
    expect(inlinedCalls('growth', { OKF_HUB_MEMORY_POLICY: 'off' })).toBe(3)
  })

  it("'growth' keeps the young generation at the size it had when the policy was set", () => {
    const y = youngGeneration('growth')
    expect(y.after).toBe(y.before)
  })

  it('without a policy (OKF_HUB_MEMORY_POLICY=off) the same work grows it', () => {
    const y = youngGeneration('growth', { OKF_HUB_MEMORY_POLICY: 'off' })
    expect(y.after).toBeGreaterThan(y.before)
  })
})
