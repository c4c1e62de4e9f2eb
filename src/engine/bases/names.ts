import { existsSync, lstatSync } from 'node:fs'
import { basename, join } from 'node:path'
import { invalidInput, type HubError } from '../errors'
import { isHiddenEntry, scanBasesDir } from '../registry/discovery'
import type { DirNameReason } from '../../shared/error-kinds'

/**
 * What a base's directory may be called, and whether a directory or a bundle name is free in the
 * bases dir. Shared by the import, the trash's restore and the new-base path: a name accepted here
 * is one discovery scans (not hidden) and one every OS can hold (the bases dir may be synced
 * between machines), so a base never lands in a folder the hub would then ignore.
 */

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i
const MAX_NAME_BYTES = 255

/** Why `name` cannot be a base's directory name, or null when it can. */
export function dirNameReason(name: string): DirNameReason | null {
  if (name === '') return 'empty'
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'control'
  if (name.includes('/') || name.includes('\\')) return 'slash'
  if (isHiddenEntry(name)) return 'hidden'
  if (/[<>:"|?*]/.test(name)) return 'windows-chars'
  if (/[ .]$/.test(name)) return 'trailing'
  if (name.trim() !== name) return 'leading-space'
  if (WINDOWS_RESERVED.test(name)) return 'reserved'
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES) return 'too-long'
  return null
}

/** The same reason as the contract's French sentence (what the CLI and the logs have printed). */
export function dirNameProblem(name: string): string | null {
  const reason = dirNameReason(name)
  switch (reason) {
    case null:
      return null
    case 'empty':
      return 'le nom du dossier est vide'
    case 'control':
      return 'le nom du dossier contient un caractère de contrôle'
    case 'slash':
      return 'le nom du dossier ne peut pas contenir / ni \\'
    case 'hidden':
      return 'le nom du dossier ne peut pas commencer par un point (la découverte ignore les dossiers cachés)'
    case 'windows-chars':
      return 'le nom du dossier ne peut pas contenir < > : " | ? * (interdits sous Windows)'
    case 'trailing':
      return 'le nom du dossier ne peut pas finir par une espace ni un point (interdit sous Windows)'
    case 'leading-space':
      return 'le nom du dossier ne peut pas commencer par une espace'
    case 'reserved':
      return `'${name}' est un nom réservé sous Windows`
    case 'too-long':
      return `le nom du dossier dépasse ${MAX_NAME_BYTES} octets`
  }
}

/** INVALID_INPUT when `name` cannot be a base's directory name. */
export function checkDirName(name: string, hint: string): void {
  const reason = dirNameReason(name)
  if (reason)
    throw invalidInput(`${dirNameProblem(name)} ('${printable(name)}') — ${hint}`, {
      kind: 'dir-name-invalid',
      params: { name: printable(name), reason }
    })
}

/** `name` with control characters shown as `\uXXXX`, cut at 120 characters, for messages. */
export function printable(name: string): string {
  const shown = name.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
  return shown.length > 120 ? `${shown.slice(0, 120)}…` : shown
}

/**
 * The directory name an import derives from its source when none is given: the URL's last path
 * segment or the folder's name, without a trailing `.git` (`https://h/org/guide.git` → `guide`).
 */
export function deriveDirName(source: string, isUrl: boolean): string {
  let last: string
  if (isUrl) {
    const path = new URL(source).pathname.replace(/\/+$/, '')
    const segment = path.slice(path.lastIndexOf('/') + 1)
    try {
      last = decodeURIComponent(segment)
    } catch {
      last = segment
    }
  } else {
    last = basename(source.replace(/[/\\]+$/, ''))
  }
  return last.replace(/\.git$/i, '')
}

/** INVALID_INPUT when `<basesDir>/<dirName>` already exists (a file, a folder or a link). */
export function checkDirFree(basesDir: string, dirName: string): void {
  const target = join(basesDir, dirName)
  let taken = existsSync(target)
  if (!taken) {
    try {
      lstatSync(target) // a dangling link is taken too
      taken = true
    } catch {
      taken = false
    }
  }
  if (taken)
    throw invalidInput(
      `le dossier '${printable(dirName)}' existe déjà dans ${basesDir} : choisissez un autre nom de dossier (--name), ou retirez d'abord l'existant`,
      { kind: 'dir-taken', params: { name: printable(dirName), basesDir } }
    )
}

/** The directory currently serving the bundle name `name` in the bases dir, or null. */
export function dirServing(basesDir: string, name: string): string | null {
  return scanBasesDir(basesDir).bases.find((b) => b.name === name)?.dirName ?? null
}

/** INVALID_INPUT when another directory already serves the bundle name `name`. */
export function nameTaken(basesDir: string, name: string): HubError | null {
  const holder = dirServing(basesDir, name)
  if (holder === null) return null
  return invalidInput(
    `la base '${name}' est déjà servie depuis le dossier '${holder}' : deux bases ne peuvent pas porter le même name. Retirez ou renommez (champ name de okf-bundle.yaml) l'une des deux`,
    { kind: 'base-name-taken', params: { name, holder } }
  )
}
