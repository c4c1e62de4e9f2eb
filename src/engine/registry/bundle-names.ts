/**
 * The names discovery looks for, in a module of their own: the MCP server's quick start
 * (`src/mcp/quick-start.ts`) checks the bases' stat fingerprint before the engine, the YAML library
 * or the SDK is loaded, so what it needs may not pull any of them in.
 */

/** A bundle's manifest, at the root of its directory. */
export const MANIFEST_FILE = 'okf-bundle.yaml'

/** The base lock's directory (lock.ts), made and removed in a bundle by every write. */
export const LOCK_DIR_NAME = '.okf-hub.lock.d'

/** Entries of the bases dir that discovery never reads (`.git`, `.DS_Store`, temp folders). */
export const isHiddenEntry = (name: string): boolean => name.startsWith('.')
