import type { HeadingSize } from './markdown'

/**
 * Headings listing used by the NOT_FOUND of a missing section and by the table of headings. A heading
 * whose `§` label is not its plain title (a title repeated in the page, or cut) is followed by that
 * label: asking for its title would read the first of its namesakes, the label reads it.
 */
export function headingListing(table: HeadingSize[]): string {
  if (table.length === 0) return '(aucun heading dans ce document)'
  return table
    .map(({ heading: h, size }) => {
      const line = `${'  '.repeat(h.level - 1)}- ${h.raw}  (~${size} octets)`
      return h.ref === h.label ? line : `${line} § ${h.ref}`
    })
    .join('\n')
}
