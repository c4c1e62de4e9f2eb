import type { HeadingSize } from './markdown'

/**
 * Most headings a listing names. A table of headings stands in for a document too big to read whole,
 * so it must itself stay far below what it replaces: a 9 MB page of 155,000 headings gave a 5 MB
 * table (found by exploratory QA). 500 lines of ~40 characters are about the budget of one search.
 */
export const LISTED_HEADINGS_MAX = 500

/**
 * Headings listing used by the NOT_FOUND of a missing section and by the table of headings. A heading
 * whose `§` label is not its plain title (a title repeated in the page, or cut) is followed by that
 * label: asking for its title would read the first of its namesakes, the label reads it.
 *
 * Past LISTED_HEADINGS_MAX, the deepest levels are left out first — the outline an agent navigates
 * by stays whole — and a last line says how many were not listed and how to reach them.
 */
export function headingListing(table: HeadingSize[]): string {
  if (table.length === 0) return '(aucun heading dans ce document)'
  let shown = table
  let note: string | null = null
  if (table.length > LISTED_HEADINGS_MAX) {
    // How many headings each level holds, counted once: the deepest level whose headings and
    // their ancestors' still fit is listed whole; none fits, the first level present is cut.
    const perLevel = new Array<number>(7).fill(0)
    for (const t of table) perLevel[t.heading.level]++
    let depth = 0
    let fit = 0
    for (let level = 1; level <= 6; level++) {
      fit += perLevel[level]
      if (fit > LISTED_HEADINGS_MAX) break
      depth = level
    }
    const top = perLevel.findIndex((n) => n > 0)
    shown = table
      .filter((t) => (depth > 0 ? t.heading.level <= depth : t.heading.level === top))
      .slice(0, LISTED_HEADINGS_MAX)
    const left = table.length - shown.length
    note =
      depth > 0
        ? `[… ${left} headings de niveau plus profond que ${depth} non listés : lisez une section pour voir les siens]`
        : `[… ${left} autres headings non listés : lisez une section pour voir la suite]`
  }
  const lines = shown.map(({ heading: h, size }) => {
    const line = `${'  '.repeat(h.level - 1)}- ${h.raw}  (~${size} octets)`
    return h.ref === h.label ? line : `${line} § ${h.ref}`
  })
  if (note) lines.push(note)
  return lines.join('\n')
}
