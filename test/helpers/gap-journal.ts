import { cpSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Base } from '../../src/engine/registry/base'
import { searchBases } from '../../src/engine/search/search'
import type { JournalEvent, JournalEventBody } from '../../src/engine/journal/events'
import { git } from './fixtures'
import { rng } from '../../bench/corpus'

/**
 * A generated usage journal over a real corpus (test/corpora/react-fr): agents' sessions searching
 * answerable questions and reading what they found, planted questions the corpus cannot answer
 * (asked in several phrasings, French and English, reformulated within sessions, sometimes ending
 * in a proposal), one-off off-topic questions, and answerable questions left unread or reformulated
 * — the noise a real journal holds. Every search's results are the real engine's on the corpus, so
 * the journal shows what an agent would have been shown. Deterministic: a seeded generator.
 */

export const REACT_FR = resolve(__dirname, '../corpora/react-fr')

/** Planted gaps: each a question the React documentation does not answer, in its phrasings. */
export const PLANTED: string[][] = [
  ['authentification kerberos', 'kerberos sso', 'kerberos authentication react'],
  ['apollo graphql cache', 'cache apollo normalisé', 'apollo client'],
  ['module federation webpack', 'fédération de modules webpack'],
  ['redux toolkit slice', 'createSlice redux', 'redux toolkit'],
  ['tailwind purge classes', 'purger tailwind'],
  ['i18next traduction pluriels', 'i18next pluriels'],
  ['cordova plugin camera', 'caméra cordova'],
  ['electron ipc preload', 'ipc electron'],
  ['jest snapshot obsolète', 'snapshots jest'],
  ['storybook addon controls', 'storybook contrôles'],
  ['sentry sourcemaps upload', 'sourcemaps sentry'],
  ['kubernetes déploiement react', 'deploying react kubernetes'],
  ['nginx gzip configuration', 'gzip nginx'],
  ['firebase auth persistance', 'firebase authentication persistence'],
  ['stripe checkout react', 'paiement stripe'],
  ['leaflet carte marqueurs', 'leaflet markers map'],
  ['webassembly rust wasm', 'wasm-bindgen rust'],
  ['bluetooth web api', 'api web bluetooth appareil'],
  ['indexeddb dexie', 'dexie indexeddb requêtes'],
  ['graphql relay pagination', 'relay pagination curseur']
]

/** Questions the corpus answers (checked when the journal is built: every term in some document). */
export const ANSWERABLE = [
  'useEffect dépendances',
  'useState mise à jour',
  'useMemo',
  'useCallback',
  'createPortal',
  'Suspense chargement',
  'useContext',
  'useRef',
  'forwardRef',
  'mémoïsation',
  'clés listes',
  'rendu conditionnel',
  'useReducer',
  'hydrateRoot',
  'createRoot',
  'StrictMode',
  'Fragment',
  'useTransition',
  'useDeferredValue',
  'lazy',
  'memo',
  'useId',
  'useLayoutEffect',
  'useSyncExternalStore',
  'composants serveur',
  'actions serveur',
  'flushSync',
  'Profiler',
  'useOptimistic',
  'useActionState',
  'props enfants',
  'état partagé',
  'effets nettoyage',
  'événements gestionnaire',
  'hooks personnalisés',
  'React Compiler',
  'preload',
  'useFormStatus',
  'startTransition',
  'cloneElement'
]

/** One-off questions nobody asks twice: gaps with a single session each. */
export const ONE_OFF = [
  'recette crêpes',
  'météo paris demain',
  'horaires bibliothèque',
  'mot de passe wifi bureau',
  'salaire développeur junior',
  'python pandas dataframe',
  'docker compose volumes',
  'excel tableau croisé',
  'vacances scolaires zone',
  'imprimante réseau pilote',
  'java spring boot',
  'postgres vacuum',
  'aws lambda timeout',
  'linux cron syntaxe',
  'golang goroutines'
]

/** A git base holding the React corpus, under `basesDir/react-fr`. */
export function reactBase(basesDir: string): string {
  const root = join(basesDir, 'react-fr')
  cpSync(REACT_FR, root, { recursive: true })
  git(root, 'init', '-q', '-b', 'main')
  git(root, 'add', '-A')
  git(root, 'commit', '-qm', 'init')
  return root
}

interface Shown {
  paths: string[]
  complete: boolean
}

export interface GeneratedJournal {
  events: JournalEvent[]
  sessions: number
  /** Sessions that hit each planted gap. */
  plantedSessions: number[]
}

/**
 * `sessions` sessions over the 60 days before `end`, searching `base` through the real engine.
 * Throws when a planted question turns out answered by the corpus or an answerable one is not.
 */
export async function generateJournal(
  base: Base,
  opts: { sessions: number; end: Date; seed?: number }
): Promise<GeneratedJournal> {
  const rand = rng(opts.seed ?? 29)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]
  const cache = new Map<string, Shown>()
  const search = async (q: string): Promise<Shown> => {
    const held = cache.get(q)
    if (held) return held
    const [r] = await searchBases([base], q, 'keyword', 8)
    const s = { paths: r.results.map((d) => d.path), complete: !r.partial }
    cache.set(q, s)
    return s
  }
  for (const q of PLANTED.flat()) {
    const s = await search(q)
    if (s.complete && s.paths.length > 0) throw new Error(`planted question answered by the corpus: ${q}`)
  }
  for (const q of ANSWERABLE) {
    const s = await search(q)
    if (!s.complete || s.paths.length === 0) throw new Error(`answerable question not answered: ${q}`)
  }

  const events: JournalEvent[] = []
  const start = opts.end.getTime() - 60 * 86_400_000
  const plantedSessions = PLANTED.map(() => 0)
  const clients = ['claude-code', 'cursor', 'Claude Desktop', 'vscode']
  // Planted gaps are asked by a third of the sessions, spread so each is hit at least three times.
  const gapPlan: number[] = []
  const gapSessions = Math.floor(opts.sessions / 3)
  for (let i = 0; i < gapSessions; i++)
    gapPlan.push(i < PLANTED.length * 3 ? i % PLANTED.length : Math.floor(rand() * PLANTED.length))
  const oneOffs = [...ONE_OFF]

  for (let s = 0; s < opts.sessions; s++) {
    const session = `s${s.toString(16).padStart(4, '0')}`
    const client = pick(clients)
    let t = start + Math.floor((s / opts.sessions) * 59 * 86_400_000) + Math.floor(rand() * 3_600_000)
    const push = (body: JournalEventBody): void => {
      t += 5_000 + Math.floor(rand() * 40_000)
      events.push({ v: 1, t: new Date(t).toISOString(), session, client, ...body } as JournalEvent)
    }
    const searchEvent = async (q: string): Promise<Shown> => {
      const r = await search(q)
      push({
        tool: 'kb_search',
        bases: [base.name],
        query: q,
        mode: 'keyword',
        results: r.paths.length,
        orFallback: !r.complete,
        groups: [
          { base: base.name, orFallback: !r.complete, shown: r.paths.map((path) => ({ path, sections: [] })) }
        ]
      })
      return r
    }
    const read = (path: string, section: string | null = null): void =>
      push({ tool: 'kb_read', base: base.name, path, section, shown: section === null ? 'full' : 'section' })

    const answerable = async (): Promise<void> => {
      const roll = rand()
      let q = pick(ANSWERABLE)
      if (roll < 0.05) {
        // Reformulated, then found: the first phrasing is a signal the second's reads outweigh.
        await searchEvent(q)
        q = pick(ANSWERABLE)
      }
      const r = await searchEvent(q)
      if (roll > 0.93) return // snippet was enough: results left unread
      read(r.paths[Math.floor(rand() * Math.min(2, r.paths.length))], rand() < 0.3 ? 'Utilisation' : null)
    }

    if (s < gapSessions) {
      const g = gapPlan[s]
      plantedSessions[g]++
      if (rand() < 0.4) await answerable()
      const variants = [...PLANTED[g]].sort(() => rand() - 0.5)
      const chain = 1 + Math.floor(rand() * variants.length)
      let last: Shown | null = null
      for (const q of variants.slice(0, chain)) last = await searchEvent(q)
      const end = rand()
      if (end < 0.2)
        push({
          tool: 'kb_propose',
          base: base.name,
          id: `prop-2026-01-01-${(s & 0xffff).toString(16).padStart(4, '0')}`
        })
      else if (end < 0.3 && last && last.paths.length > 0) read(last.paths[0]) // read an irrelevant OR result
    } else {
      const n = 1 + Math.floor(rand() * 3)
      for (let i = 0; i < n; i++) await answerable()
      if (oneOffs.length > 0 && rand() < 0.1) await searchEvent(oneOffs.shift() as string)
    }
  }
  events.sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : 0))
  return { events, sessions: opts.sessions, plantedSessions }
}

/** The events as one journal file of `<userData>/journal`. */
export function writeJournal(journalDir: string, events: readonly JournalEvent[]): void {
  mkdirSync(journalDir, { recursive: true })
  writeFileSync(
    join(journalDir, '20260101T000000Z-1-abc123.jsonl'),
    events.map((e) => JSON.stringify(e)).join('\n') + '\n'
  )
}
