/**
 * The base listing that six tool descriptions end with (seed 000: a session routes its request
 * without a prior call), kept within a budget. Every description is paid in every agent's context
 * before any question, so its size cannot grow with the hub without bound: while the whole listing
 * fits, it is the contract's text byte for byte; beyond, it degrades in steps a session can still
 * route with, each step naming how many bases exist and that kb_list (and the okf:// resources)
 * give them all, in full.
 */

export interface ListedBase {
  name: string
  title: string
  description: string
}

/** No tool description is longer than this, whatever the number of bases (characters, UTF-16). */
export const DESCRIPTION_MAX_CHARS = 4000

/**
 * The names-only step's block, for hubs too large for titles: six of these beside the fixed text
 * of the seven tools (about 13.6 KB of schemas and descriptions) keep the whole tools/list under
 * 16 KB at 1,000 bases.
 */
export const NAMES_BLOCK_MAX_CHARS = 320

export type ListingStep = 'full' | 'first-sentence' | 'titles' | 'names'

/** The first sentence of a purpose: up to the first « . », « ! », « ? » or « … » followed by a space. */
export function firstSentence(text: string): string {
  const m = /^[\s\S]*?[.!?…](?=\s|$)/.exec(text.trim())
  return m ? m[0] : text.trim()
}

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many)

function lines(label: string, bases: readonly ListedBase[], step: ListingStep): string {
  const n = bases.length
  if (step === 'full')
    return `\n\n${label} :\n` + bases.map((b) => `- ${b.name} — ${b.title} : ${b.description}`).join('\n')
  if (step === 'first-sentence')
    return (
      `\n\n${label} (${n} ; objets réduits à leur première phrase, objets complets : kb_list) :\n` +
      bases.map((b) => `- ${b.name} — ${b.title} : ${firstSentence(b.description)}`).join('\n')
    )
  return (
    `\n\n${label} (${n} ; titres seuls, objets : kb_list) :\n` +
    bases.map((b) => `- ${b.name} — ${b.title}`).join('\n')
  )
}

/** As many names as fit NAMES_BLOCK_MAX_CHARS, then how many more there are and where to see them. */
function names(label: string, bases: readonly ListedBase[]): string {
  const n = bases.length
  const all = `\n\n${label} (${n} ; noms seuls, titres et objets : kb_list) : ${bases.map((b) => b.name).join(', ')}`
  if (all.length <= NAMES_BLOCK_MAX_CHARS) return all
  const head = `\n\n${label} (${n} ; noms seuls) : `
  const shown: string[] = []
  for (let i = 0; i < n; i++) {
    const rest = n - i - 1
    const tail = ` … et ${rest} ${plural(rest, 'autre base', 'autres bases')} : kb_list`
    const candidate = [...shown, bases[i].name].join(', ')
    if ((head + candidate + tail).length > NAMES_BLOCK_MAX_CHARS) break
    shown.push(bases[i].name)
  }
  const rest = n - shown.length
  return `${head}${shown.join(', ')} … et ${rest} ${plural(rest, 'autre base', 'autres bases')} : kb_list`
}

/**
 * `head` followed by the listing of `bases` under `label` at the first step that keeps the whole
 * description within DESCRIPTION_MAX_CHARS: the full listing (today's text), purposes cut to their
 * first sentence, titles only, then names only (bounded on their own).
 */
export function describeWithBases(
  head: string,
  label: string,
  bases: readonly ListedBase[]
): { text: string; step: ListingStep } {
  if (bases.length === 0) return { text: `${head} Aucune base n'est actuellement enregistrée.`, step: 'full' }
  for (const step of ['full', 'first-sentence', 'titles'] as const) {
    const text = head + lines(label, bases, step)
    if (text.length <= DESCRIPTION_MAX_CHARS) return { text, step }
  }
  return { text: head + names(label, bases), step: 'names' }
}
