import { cpSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { generateBase } from './corpus'
import { CACHE, benchHome, connectServer, benchProposal, gitAppendCommit, median, type Session } from './lib'

/**
 * kb_propose end to end over MCP, two or more built trees side by side:
 * `npx tsx bench/propose-mcp-ab.ts [rounds] <tree> <tree>[@ENV=value] …` (each tree built with
 * `npx electron-vite build`). Each tree's server gets its own copy of the 20,000-file repository;
 * every round runs, in each repository, `git add` + `git commit` of another file (the reference,
 * as in `npm run bench -- commit`) then one kb_propose, the trees' order alternating. Reports
 * the median call, the median ratio to the git reference of the same round, and the server's
 * CPU per call (/proc, Linux): on a shared machine, CPU is what a change to the server can move.
 */
interface Tree {
  label: string
  session: Session
  root: string
  ours: number[]
  git: number[]
  cpuMs: number
}

/** utime + stime of a process, in ms (clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 40)
  const specs = process.argv.slice(3)
  const template = generateBase(join(CACHE, 'commit'), 'commit-20000', 20000, 20900).root
  const trees: Tree[] = []
  for (const [i, spec] of specs.entries()) {
    const [dir, envSetting] = spec.split('@')
    const basesDir = join(CACHE, `propose-mcp-ab-${i}`)
    rmSync(basesDir, { recursive: true, force: true })
    const root = join(basesDir, 'commit-20000')
    cpSync(template, root, { recursive: true })
    const env = benchHome(`propose-mcp-ab-${i}`, basesDir).env
    if (envSetting) env[envSetting.split('=')[0]] = envSetting.split('=').slice(1).join('=')
    const session = await connectServer(env, process.execPath, [resolve(dir, 'out/main/mcp/server.js')])
    trees.push({ label: spec, session, root, ours: [], git: [], cpuMs: 0 })
  }
  let k = 0
  for (let r = -1; r < rounds; r++) {
    for (const t of r % 2 ? trees : [...trees].reverse()) {
      let t0 = performance.now()
      await gitAppendCommit(t.root, `ligne ${k++}`)
      const gitMs = performance.now() - t0
      const c0 = cpuMsOf(t.session.pid)
      t0 = performance.now()
      await t.session.call('kb_propose', benchProposal('commit-20000', `banc ${k++}`))
      if (r < 0) continue // warm-up: the write path loads on first use
      t.ours.push(performance.now() - t0)
      t.git.push(gitMs)
      t.cpuMs += cpuMsOf(t.session.pid) - c0
    }
  }
  for (const t of trees) {
    await t.session.close()
    const ratio = median(t.ours.map((o, i) => o / t.git[i]))
    console.log(
      `${t.label.padEnd(40)} kb_propose ${median(t.ours).toFixed(1)} ms  git ${median(t.git).toFixed(1)} ms  ` +
        `ratio ${ratio.toFixed(3)}×  server cpu ${(t.cpuMs / rounds).toFixed(1)} ms/call  (${rounds} rounds)`
    )
  }
}

void main()
