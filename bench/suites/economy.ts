import { join } from 'node:path'
import { benchHome, connectServer, now, record, ROOT, type Options, type Session } from '../lib'
import { askHub, chars } from '../retrieval/agent'
import { prepareReactFr } from '../retrieval/corpus'
import {
  HOLDOUT_FILE,
  loadQuestions,
  QUESTIONS_FILE,
  resolveQuestion,
  type ResolvedQuestion
} from '../retrieval/questions'

/**
 * Output economy (issue 6): the characters an agent receives to answer each retrieval question
 * through the hub (kb_search, then kb_read of the `§` section) against a generic MCP filesystem
 * server (@modelcontextprotocol/server-filesystem) serving the same corpus directory.
 *
 * The filesystem server has no content search (`search_files` matches file names against a glob),
 * so its route is counted two ways:
 * - lower bound: read_text_file of the expected page only, as if the agent knew the path;
 * - plausible: search_files with `**\/*<term>*` for each query term in turn until the expected page
 *   is listed, else `**\/*.md` (the whole listing), then read_text_file of the page — still
 *   optimistic: the agent is assumed to pick the right file from the names.
 */
const FS_SERVER = join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js')

async function text(s: Session, name: string, args: Record<string, unknown>): Promise<string> {
  const r = await s.client.callTool({ name, arguments: args })
  return (r.content as { text: string }[]).map((c) => c.text).join('')
}

export default async function economy(_o: Options): Promise<void> {
  const corpus = prepareReactFr()
  const rqs: ResolvedQuestion[] = [...loadQuestions(QUESTIONS_FILE), ...loadQuestions(HOLDOUT_FILE)].map(
    (q) => resolveQuestion(corpus.corpusDir, q)
  )
  const hub = await connectServer(benchHome('retrieval', corpus.basesDir).env)
  const fs = await connectServer({ PATH: process.env.PATH ?? '' }, process.execPath, [
    FS_SERVER,
    corpus.corpusDir
  ])
  const { tools } = await fs.client.listTools()
  console.log(
    `  ${rqs.length} questions (questions.json + holdout.json); filesystem server tools : ${tools.map((t) => t.name).join(', ')}`
  )
  let ours = 0
  let fsRead = 0
  let fsSearch = 0
  let pageBytes = 0
  let fullListings = 0
  let hubMs = 0
  let fsMs = 0
  await askHub(hub, corpus.name, rqs[0])
  for (const rq of rqs) {
    const q = rq.question
    let t = now()
    const h = await askHub(hub, corpus.name, rq)
    hubMs += now() - t
    t = now()
    ours += h.searchChars + h.readChars
    pageBytes += rq.pageBytes
    const abs = join(corpus.corpusDir, q.page)
    fsRead += chars(await text(fs, 'read_text_file', { path: abs }))
    let listed = false
    for (const term of q.query.split(/\s+/u).filter((t) => t !== '')) {
      const out = await text(fs, 'search_files', { path: corpus.corpusDir, pattern: `**/*${term}*` })
      fsSearch += chars(out)
      if (out.split('\n').includes(abs)) {
        listed = true
        break
      }
    }
    if (!listed) {
      fullListings++
      fsSearch += chars(await text(fs, 'search_files', { path: corpus.corpusDir, pattern: '**/*.md' }))
    }
    fsMs += now() - t
  }
  await hub.close()
  await fs.close()
  const fmt = (n: number): string => n.toLocaleString('fr-FR')
  console.log(`  hub (kb_search + kb_read section)           ${fmt(ours)} caractères`)
  console.log(`  filesystem, lecture seule (borne basse)      ${fmt(fsRead)} caractères`)
  console.log(
    `  filesystem, search_files + lecture           ${fmt(fsRead + fsSearch)} caractères (${fullListings}/${rqs.length} listings complets)`
  )
  console.log(`  pages attendues                              ${fmt(pageBytes)} octets`)
  console.log(
    `  ratio hub / filesystem : ${(ours / fsRead).toFixed(3)} (borne basse), ${(ours / (fsRead + fsSearch)).toFixed(3)} (search_files + lecture)`
  )
  record({
    bench: 'economy',
    case: `${rqs.length} questions: hub vs filesystem MCP, per question`,
    reference: 'server-filesystem search_files + read_text_file',
    oursMs: hubMs / rqs.length,
    referenceMs: fsMs / rqs.length,
    ratio: hubMs / fsMs,
    extra: {
      hubChars: ours,
      fsReadChars: fsRead,
      fsSearchChars: fsSearch,
      fsFullListings: fullListings,
      pageBytes,
      ratioVsRead: +(ours / fsRead).toFixed(3),
      ratioVsSearchAndRead: +(ours / (fsRead + fsSearch)).toFixed(3)
    }
  })
}
