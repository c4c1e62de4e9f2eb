import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff'

/**
 * The unified diff every screen of the manager shows (preview, local changes, governance, a past
 * decision): `a/<from>` → `b/<to>`, `/dev/null` for a side that does not exist, file headers only
 * (no index line), as `git diff` writes it so that one diff view reads them all.
 */
export function unifiedDiff(from: string | null, to: string | null, before: string, after: string): string {
  return createTwoFilesPatch(
    from === null ? '/dev/null' : `a/${from}`,
    to === null ? '/dev/null' : `b/${to}`,
    before,
    after,
    undefined,
    undefined,
    { headerOptions: FILE_HEADERS_ONLY }
  )
}
