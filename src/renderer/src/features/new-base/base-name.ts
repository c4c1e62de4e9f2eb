/**
 * A base's name as the manager types it, checked with discovery's rule (SPEC §3.3: the manifest
 * `name` matches `[a-z0-9-]+`) so the form can say what is wrong before asking the engine — whose
 * refusal stays the authority and is shown in place.
 */
export const BASE_NAME_PATTERN = /^[a-z0-9-]+$/

export type BaseNameProblem = 'empty' | 'uppercase' | 'space' | 'characters' | 'taken'

export function baseNameProblem(name: string, taken: readonly string[] = []): BaseNameProblem | null {
  if (name === '') return 'empty'
  if (!BASE_NAME_PATTERN.test(name)) {
    if (/[A-Z]/.test(name) && BASE_NAME_PATTERN.test(name.toLowerCase())) return 'uppercase'
    if (/\s/.test(name)) return 'space'
    return 'characters'
  }
  if (taken.includes(name)) return 'taken'
  return null
}

/** The characters of `name` the rule refuses, each once, in order (to name them in the hint). */
export function refusedCharacters(name: string): string[] {
  const out: string[] = []
  for (const c of name) if (!/[a-z0-9-]/.test(c) && !out.includes(c)) out.push(c)
  return out
}

/** A name suggested from a title: lowercase, accents dropped, other runs of characters as `-`. */
export function suggestName(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
