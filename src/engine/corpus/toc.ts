import type { HeadingSize } from './markdown'

/** Headings listing used by the NOT_FOUND of a missing section and by the table of headings. */
export function headingListing(table: HeadingSize[]): string {
  if (table.length === 0) return '(aucun heading dans ce document)'
  return table
    .map((t) => `${'  '.repeat(t.heading.level - 1)}- ${t.heading.raw}  (~${t.size} octets)`)
    .join('\n')
}
