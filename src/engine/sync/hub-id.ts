import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * This installation's hub id (issue 27): random, drawn once and kept in `<user data>/hub-id`, so
 * every process of one installation (desktop app, MCP servers, CLI) files into the same inbox
 * branch. It names nothing personal: a contributor's inbox is `okf-hub/inbox/<hub id>`, visible
 * to everyone who can read the base.
 */
export const HUB_ID_FILE = 'hub-id'
const VALID = /^[0-9a-f]{8,32}$/

export function hubIdOf(userDataDir: string): string {
  const file = join(userDataDir, HUB_ID_FILE)
  const read = (): string | null => {
    try {
      const v = readFileSync(file, 'utf8').trim()
      return VALID.test(v) ? v : null
    } catch {
      return null
    }
  }
  const known = read()
  if (known) return known
  mkdirSync(userDataDir, { recursive: true })
  const fresh = randomBytes(6).toString('hex')
  try {
    // `wx`: two processes starting at once keep the first one's id.
    writeFileSync(file, `${fresh}\n`, { flag: 'wx' })
    return fresh
  } catch (e) {
    const again = read()
    if (again) return again
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    // An unreadable file where the id should be: replaced, the inbox is only a transport.
    writeFileSync(file, `${fresh}\n`)
    return fresh
  }
}

export const INBOX_PREFIX = 'okf-hub/inbox/'
export const inboxBranch = (hubId: string): string => `${INBOX_PREFIX}${hubId}`
