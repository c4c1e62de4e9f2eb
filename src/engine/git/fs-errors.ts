/** The two file-system helpers every layer of the git floor uses: an errno code, a pause. */
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)))

export const errCode = (e: unknown): string | undefined => (e as NodeJS.ErrnoException | undefined)?.code
