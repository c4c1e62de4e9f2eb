import { cpSync, existsSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { generateBase } from './corpus'
import { CACHE, gitAppendCommit, median } from './lib'

/**
 * The engine's kb_propose (`fileProposal`) in one process, for profiling (`node --cpu-prof`) and
 * for an A/B of two source trees: `npx tsx bench/propose-ab.ts [runs] [other-tree]`. Each tree
 * gets its own copy of the same 20,000-file repository — a shared one would make every call see
 * an index the other tree just wrote, which is not what a server sees between its own calls.
 * With PROPOSE_GIT=1, `git add` + `git commit` of another file run in the same repository
 * before each call, as in `npm run bench -- commit` (git then rewrites the index every time).
 * Prints wall-clock and this process's CPU per call (the machine is shared: CPU is what a change
 * can move).
 */
type FileProposal = typeof import('../src/engine/proposals/propose').fileProposal

interface Tree {
  label: string
  fileProposal: FileProposal
  base: import('../src/engine/registry/base').Base
  wall: number[]
  cpu: number[]
  /** Wall-clock from the call's start to each durable step, per call. */
  steps: Map<string, number[]>
}

async function loadTree(label: string, dir: string, template: string, copy: string): Promise<Tree> {
  rmSync(copy, { recursive: true, force: true })
  cpSync(template, copy, { recursive: true })
  const { fileProposal } = (await import(join(dir, 'src/engine/proposals/propose.ts'))) as {
    fileProposal: FileProposal
  }
  const { loadManifest } = (await import(
    join(dir, 'src/engine/registry/manifest.ts')
  )) as typeof import('../src/engine/registry/manifest')
  const loaded = loadManifest(copy, 'commit-20000')
  if (!loaded.ok) throw new Error(loaded.reason)
  return { label, fileProposal, base: loaded.base, wall: [], cpu: [], steps: new Map() }
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 60)
  const other = process.argv[3]
  const docs = Number(process.env.PROPOSE_DOCS ?? 20000)
  const template = generateBase(join(CACHE, 'commit'), `commit-${docs}`, docs, 900 + docs).root
  const work = join(CACHE, 'propose-ab')
  const trees = [await loadTree('this tree', resolve('.'), template, join(work, 'a'))]
  if (other) trees.unshift(await loadTree(`other (${other})`, resolve(other), template, join(work, 'b')))
  const { memoryHubLog } = await import('../src/engine/hublog')
  const log = memoryHubLog()
  const fields = {
    type: 'observation' as const,
    concerns: 'banc',
    content: 'contenu du banc',
    sources: ['banc'],
    confidence: 'low' as const,
    submittedBy: 'process:bench'
  }
  const withGit = process.env.PROPOSE_GIT === '1'
  let k = 0
  const gitCommit = (root: string): Promise<void> => gitAppendCommit(root, `ligne ${k++}`)
  for (const t of trees) await t.fileProposal(t.base, fields, { log }) // warm-up
  for (let i = 0; i < runs; i++) {
    for (const t of i % 2 ? [...trees].reverse() : trees) {
      if (withGit) await gitCommit(t.base.root)
      const c0 = process.cpuUsage()
      const w0 = performance.now()
      const onStep = (step: string): void => {
        const list = t.steps.get(step) ?? []
        list.push(performance.now() - w0)
        t.steps.set(step, list)
      }
      await t.fileProposal(t.base, fields, { log, onStep })
      t.wall.push(performance.now() - w0)
      const c = process.cpuUsage(c0)
      t.cpu.push((c.user + c.system) / 1000)
    }
  }
  for (const t of trees) {
    console.log(
      `${t.label.padEnd(40)} wall ${median(t.wall).toFixed(1)} ms  cpu ${median(t.cpu).toFixed(1)} ms  (${runs} calls)`
    )
    for (const [step, at] of t.steps) console.log(`  ${step.padEnd(38)} at ${median(at).toFixed(1)} ms`)
  }
  if (trees.length === 2) {
    const [b, a] = trees
    console.log(
      `ratio this/other: wall ${(median(a.wall) / median(b.wall)).toFixed(2)}×  cpu ${(median(a.cpu) / median(b.cpu)).toFixed(2)}×`
    )
  }
  if (!existsSync(work)) return
  rmSync(work, { recursive: true, force: true })
}

void main()
