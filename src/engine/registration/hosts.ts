import { existsSync, readdirSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import type { HostId } from '../../shared/hub-api'

/**
 * The AI hosts we register into and where each keeps its **user** config file, per OS. Computed
 * from an injected environment (platform, home, variables) so the tests fake macOS, Windows and
 * Linux on one machine. Paths are joined with this machine's separators (the layout follows the
 * injected platform, the files are real ones here).
 */
export interface HostEnv {
  platform: NodeJS.Platform
  home: string
  env: Record<string, string | undefined>
}

export function processHostEnv(): HostEnv {
  const env = process.env
  return { platform: process.platform, home: env.HOME || env.USERPROFILE || homedir(), env: { ...env } }
}

/** One file a host reads, and the folder whose presence says the host (that build of it) is there. */
export interface ConfigCandidate {
  file: string
  /** The host's own folder: exists ⇔ the host looks installed. */
  folder: string
  /** This candidate is written when nothing of the host is found (the classic location). */
  fallback: boolean
}

export interface HostDef {
  id: HostId
  /** For messages. */
  label: string
  /** The object holding the servers: `mcpServers` everywhere but VS Code (`servers`). */
  key: 'mcpServers' | 'servers'
  /** Hosts whose schema names the transport (`"type": "stdio"`). */
  stdioType: boolean
  /**
   * How the host reads its file. 'json': JSON.parse — a `//` comment or a trailing comma, which our
   * JSONC editor keeps, makes the whole file unreadable to the host (every server in it lost).
   * Claude Desktop says « There was an error reading or parsing claude_desktop_config.json:
   * Unexpected non-whitespace character after JSON… » (V8's JSON.parse wording; reported in
   * TonybotNi/ZotLink#2) and Claude Code reports a ConfigParseError on ~/.claude.json and resets it
   * (anthropics/claude-code#12007). 'jsonc': VS Code's mcp.json is JSON with comments. Cursor is
   * not documented either way: judged as read ('jsonc') rather than guessed.
   */
  reads: 'json' | 'jsonc'
  candidates(h: HostEnv): ConfigCandidate[]
  /** The first the host reads; written when no candidate's folder exists (register creates it). */
  defaultFile(h: HostEnv): string
}

/** Our entry's name in every host. */
export const ENTRY_NAME = 'okf-hub'

function appData(h: HostEnv): string {
  return h.env.APPDATA || join(h.home, 'AppData', 'Roaming')
}

function localAppData(h: HostEnv): string {
  return h.env.LOCALAPPDATA || join(h.home, 'AppData', 'Local')
}

function xdgConfig(h: HostEnv): string {
  return h.env.XDG_CONFIG_HOME || join(h.home, '.config')
}

/** The per-OS "application data" folder under which Electron apps (Claude, VS Code) keep their config. */
function appSupport(h: HostEnv): string {
  if (h.platform === 'darwin') return join(h.home, 'Library', 'Application Support')
  if (h.platform === 'win32') return appData(h)
  return xdgConfig(h)
}

function isDir(d: string): boolean {
  try {
    return statSync(d).isDirectory()
  } catch {
    return false
  }
}

/**
 * Claude Desktop (modelcontextprotocol.io "Connect to local MCP servers", Claude's help centre):
 * `~/Library/Application Support/Claude/claude_desktop_config.json` on macOS,
 * `%APPDATA%\Claude\claude_desktop_config.json` on Windows, `$XDG_CONFIG_HOME/Claude/…` on Linux
 * (Electron's userData for the product name "Claude"). The Microsoft Store / MSIX build runs with
 * a virtualised AppData and reads `%LOCALAPPDATA%\Packages\Claude_<publisher id>\LocalCache\Roaming\Claude\`
 * instead: every such package folder found is a candidate, beside the classic one.
 */
const claudeDesktop: HostDef = {
  id: 'claude-desktop',
  label: 'Claude Desktop',
  key: 'mcpServers',
  stdioType: false,
  reads: 'json',
  defaultFile: (h) => join(appSupport(h), 'Claude', 'claude_desktop_config.json'),
  candidates(h) {
    const classicFolder = join(appSupport(h), 'Claude')
    const out: ConfigCandidate[] = [
      { file: join(classicFolder, 'claude_desktop_config.json'), folder: classicFolder, fallback: true }
    ]
    if (h.platform === 'win32') {
      const packages = join(localAppData(h), 'Packages')
      let names: string[]
      try {
        names = readdirSync(packages)
      } catch {
        names = [] // no Packages folder: no Store build
      }
      for (const name of names.filter((n) => /^Claude_/i.test(n)).sort()) {
        const pkg = join(packages, name)
        if (!isDir(pkg)) continue
        const folder = join(pkg, 'LocalCache', 'Roaming', 'Claude')
        // The package folder is what says the Store build is installed; its Roaming\Claude may not
        // exist before the app's first start, and register creates it.
        out.push({ file: join(folder, 'claude_desktop_config.json'), folder: pkg, fallback: false })
      }
    }
    return out
  }
}

/**
 * Claude Code (code.claude.com/docs "MCP", scope `user`): servers of the user scope live in the
 * top-level `mcpServers` of `~/.claude.json` (`%USERPROFILE%\.claude.json` on Windows), with
 * `"type": "stdio"`; `CLAUDE_CONFIG_DIR` moves that file into the given folder.
 */
const claudeCode: HostDef = {
  id: 'claude-code',
  label: 'Claude Code',
  key: 'mcpServers',
  stdioType: true,
  reads: 'json',
  defaultFile: (h) => join(h.env.CLAUDE_CONFIG_DIR || h.home, '.claude.json'),
  candidates(h) {
    const file = this.defaultFile(h)
    // Claude Code creates `~/.claude/` (settings, projects) and `~/.claude.json` on first start.
    const folder = h.env.CLAUDE_CONFIG_DIR || join(h.home, '.claude')
    return [{ file, folder: existsSync(file) ? dirname(file) : folder, fallback: true }]
  }
}

/** Cursor (cursor.com/docs "MCP", global scope): `~/.cursor/mcp.json` on every OS, key `mcpServers`. */
const cursor: HostDef = {
  id: 'cursor',
  label: 'Cursor',
  key: 'mcpServers',
  stdioType: false,
  reads: 'jsonc',
  defaultFile: (h) => join(h.home, '.cursor', 'mcp.json'),
  candidates(h) {
    return [{ file: this.defaultFile(h), folder: join(h.home, '.cursor'), fallback: true }]
  }
}

/**
 * VS Code (code.visualstudio.com/docs "MCP configuration reference"): the user profile's
 * `mcp.json` — `~/Library/Application Support/Code/User/mcp.json`, `%APPDATA%\Code\User\mcp.json`,
 * `$XDG_CONFIG_HOME/Code/User/mcp.json` — servers under **`servers`**, each with `"type": "stdio"`.
 */
const vscode: HostDef = {
  id: 'vscode',
  label: 'VS Code',
  key: 'servers',
  stdioType: true,
  reads: 'jsonc',
  defaultFile: (h) => join(appSupport(h), 'Code', 'User', 'mcp.json'),
  candidates(h) {
    const folder = join(appSupport(h), 'Code', 'User')
    return [{ file: join(folder, 'mcp.json'), folder, fallback: true }]
  }
}

export const HOSTS: readonly HostDef[] = [claudeDesktop, claudeCode, cursor, vscode]

export function hostDef(id: string): HostDef | undefined {
  return HOSTS.find((h) => h.id === id)
}

/**
 * The files a host reads on this machine: every candidate whose folder exists; none found, the
 * classic location (which register creates).
 */
export function hostTargets(def: HostDef, h: HostEnv): { found: ConfigCandidate[]; targets: string[] } {
  const found = def.candidates(h).filter((c) => isDir(c.folder) || existsSync(c.file))
  return { found, targets: found.length > 0 ? found.map((c) => c.file) : [def.defaultFile(h)] }
}
