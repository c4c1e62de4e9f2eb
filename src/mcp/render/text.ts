/** `s` cut to `n` code points, the last one replaced by `…` when it was longer. */
export function truncateChars(s: string, n: number): string {
  const chars = [...s]
  return chars.length <= n ? s : chars.slice(0, n - 1).join('') + '…'
}
