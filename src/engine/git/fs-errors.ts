import { stat } from 'node:fs/promises'

/** The file-system helpers every layer of the git floor uses: an errno code, a pause, a presence test. */

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)))

export const errCode = (e: unknown): string | undefined => (e as NodeJS.ErrnoException | undefined)?.code

/** Whether something is at `path` (following links); any failure to look counts as absent. */
export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch {
    return false
  }
}
