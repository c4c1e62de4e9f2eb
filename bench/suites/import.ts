import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { rng } from '../corpus'
import { CACHE, median, now, record, runProcess, sized, type Options } from '../lib'
import { startGitHttpServer } from '../../test/helpers/git-http'
import { BaseImporter } from '../../src/engine/bases/import'
import { memoryHubLog } from '../../src/engine/hublog'
import type { HubEvent, ImportPhase } from '../../src/shared/hub-api'

/**
 * The import (issue 11 item 7): a bundle of N files with C commits, served by git's own smart-HTTP
 * backend on 127.0.0.1 (test/helpers/git-http.ts), imported by the hub — clone, checkout and
 * discovery's validation into staging, not the confirm — against `git clone` of the same URL.
 * Both read the same server, interleaved; the ratio is of medians. Target ≤ 2×.
 */

/** A bare repository of `files` documents and `commits` commits, built once with git fast-import. */
function servedRepository(root: string, files: number, commits: number): string {
  const bare = join(root, `bundle-${files}-${commits}.git`)
  if (existsSync(join(bare, 'packed-refs')) || existsSync(join(bare, 'refs', 'heads', 'main'))) return bare
  rmSync(bare, { recursive: true, force: true })
  mkdirSync(root, { recursive: true })
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare])
  const r = rng(4242 + files)
  const parts: string[] = []
  const blob = (text: string): string => `data ${Buffer.byteLength(text)}\n${text}\n`
  const docText = (i: number, rev: number): string =>
    `---\ntitle: "Document ${i}"\n---\n\n# Document ${i}\n\n${'Texte de référence du corpus, paragraphe stable. '.repeat(12)}\n\n## Révisions\n\n${Array.from({ length: rev }, (_, k) => `- révision ${k + 1}\n`).join('')}`
  const revs = new Array<number>(files).fill(0)
  const when = 1_700_000_000
  for (let c = 0; c < commits; c++) {
    parts.push(
      `commit refs/heads/main\ncommitter Bench <bench@local> ${when + c * 60} +0000\n${blob(c === 0 ? 'init' : `révision ${c}`)}`
    )
    if (c === 0) {
      parts.push(
        `M 100644 inline okf-bundle.yaml\n${blob('bundle-spec: "0.1"\nname: banc-import\ntitle: "Banc d\'import"\ndescription: "Base du banc d\'import."\ngovernance:\n  rules: GOVERNANCE.md\n')}`
      )
      parts.push(`M 100644 inline GOVERNANCE.md\n${blob('# Gouvernance\n\nRègles du banc.\n')}`)
      for (let i = 0; i < files - 2; i++)
        parts.push(`M 100644 inline knowledge/d${i % 40}/doc-${i}.md\n${blob(docText(i, 0))}`)
    } else {
      for (let k = 0; k < 4; k++) {
        const i = Math.floor(r() * (files - 2))
        revs[i]++
        parts.push(`M 100644 inline knowledge/d${i % 40}/doc-${i}.md\n${blob(docText(i, revs[i]))}`)
      }
    }
    parts.push('\n')
  }
  const fi = spawnSync('git', ['fast-import', '--quiet'], { cwd: bare, input: parts.join('') })
  if (fi.status !== 0) throw new Error(`git fast-import : ${fi.stderr.toString()}`)
  // A served repository is packed, as on any git host.
  execFileSync('git', ['-C', bare, 'gc', '-q', '--aggressive'])
  return bare
}

export default async function importSuite(o: Options): Promise<void> {
  const files = sized(o, 2000, 2000, 50)
  const commits = sized(o, 500, 500, 10)
  const root = join(CACHE, 'import')
  const bare = servedRepository(join(root, 'served'), files, commits)
  const work = join(root, 'work')
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work, { recursive: true })
  const server = await startGitHttpServer(join(root, 'served'))
  const url = `${server.url}/${bare.slice(bare.lastIndexOf('/') + 1)}`
  const phaseMs = new Map<ImportPhase, number[]>()
  let k = 0
  try {
    let current: { phase: ImportPhase; at: number } | null = null
    const spans = new Map<ImportPhase, number>()
    const onEvent = (e: HubEvent): void => {
      if (e.type !== 'import-progress') return
      const now = performance.now()
      if (current && current.phase !== e.progress.phase)
        spans.set(current.phase, (spans.get(current.phase) ?? 0) + now - current.at)
      if (!current || current.phase !== e.progress.phase) current = { phase: e.progress.phase, at: now }
    }
    const importer = new BaseImporter({ basesDir: join(work, 'bases'), log: memoryHubLog(), emit: onEvent })
    mkdirSync(join(work, 'bases'), { recursive: true })
    let commitsSeen = 0
    // Timed: the import up to its staged result, and `git clone`; not timed: discarding the
    // staging folder and removing the clone (so neither side pays the other's cleanup).
    const ours = async (): Promise<number> => {
      spans.clear()
      current = null
      const jobId = `bench-${k++}`
      const t = now()
      const result = await importer.importBase({ jobId, source: url, name: `b${k}` })
      const ms = now() - t
      commitsSeen = result.commits
      for (const [phase, span] of spans) phaseMs.set(phase, [...(phaseMs.get(phase) ?? []), span])
      await importer.discard(jobId)
      return ms
    }
    const reference = async (): Promise<number> => {
      const dir = join(work, `git-${k++}`)
      const t = now()
      await runProcess('git', ['clone', '-q', url, dir])
      const ms = now() - t
      rmSync(dir, { recursive: true, force: true })
      return ms
    }
    await ours()
    await reference()
    phaseMs.clear()
    const a: number[] = []
    const b: number[] = []
    for (let i = 0; i < o.runs; i++) {
      a.push(await ours())
      b.push(await reference())
    }
    const oursMs = median(a)
    const referenceMs = median(b)
    record({
      bench: 'import',
      case: `import over HTTP, ${files} files, ${commits} commits`,
      reference: 'git clone',
      referenceMs,
      oursMs,
      ratio: oursMs / referenceMs,
      target: 2.0,
      extra: { files, commits }
    })
    if (commitsSeen !== commits) throw new Error(`import : ${commitsSeen} commits au lieu de ${commits}`)
    for (const [phase, ms] of phaseMs)
      record({ bench: 'import', case: `  of which ${phase}`, oursMs: median(ms) })
  } finally {
    await server.close()
    rmSync(work, { recursive: true, force: true })
  }
}
