/**
 * The reviewer as the manager types it (a plain name) and as the commit records it
 * (`Reviewed-By: human:<name>`, SPEC's actor form). The prefix is added, never asked for; a value
 * that already names its kind (`human:…`, `team:…`) is kept as typed.
 */
export function reviewerValue(typed: string): string {
  const one = typed.replace(/[\r\n]/g, ' ')
  if (one.trim() === '') return ''
  return one.includes(':') ? one : `human:${one}`
}

/** What the reviewer field shows for a stored value: the name without `human:`. */
export function reviewerShown(stored: string | null | undefined): string {
  return (stored ?? '').replace(/^human:/i, '')
}
