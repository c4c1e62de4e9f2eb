/**
 * The CLI's own messages in English (its catalogue; \`fr.ts\` has the same keys, the type requires
 * it). Engine failures are worded from their kind (\`locale.ts\`), not here.
 */
export const en = {
  main: {
    usage: `usage: okf-hub <command> [options]

  serve   [--bases DIR] [--config FILE] [--verbose]   MCP server over stdio (for Claude Desktop and any MCP host)
  serve --http [--port N]                            the same server over Streamable HTTP on 127.0.0.1 (token: OKF_HUB_HTTP_TOKEN)
  tool    <kb_tool> ['<JSON arguments>'] [--bases DIR] [--config FILE]
                                                     one tool call, text on stdout (exit 1 on error)
  lock    <base> -- <command…>                       runs a command under the base's write lock
  review  reconcile|context|inventory|resolve <base> [--apply|--full|--plan FILE [--dry-run]] [--json]
                                                     review of proposals (okf-hub review --help)
  ui      [--port N] [--no-open] [--bases DIR]       the manager's interface in the browser (127.0.0.1)
  import  <git-url|folder> [--name DIR] [--branch B] [--yes]
                                                     imports a base (git clone; token: OKF_HUB_GIT_TOKEN)
  new     <name> --title … --description …           creates a base from the template
  register [--host H] [--remove] [--check] [--json]  registers the server in Claude Desktop, Claude Code, Cursor, VS Code
  sync    [<base>|--all] [--push] [--json]           syncs the bases with their remote repository
  --version | --help

Configuration: --bases, else OKF_HUB_BASES, else bases-dir of hub-config.yaml
(--config, OKF_HUB_CONFIG, or <user data>/hub-config.yaml), else <user data>/bases.
Language: LC_ALL, LC_MESSAGES or LANG (fr… for French; English otherwise).
`,
    unknownCommand: (cmd: string): string => `okf-hub: unknown command: ${cmd}`,
    unexpected: (detail: string): string => `okf-hub: unexpected error: ${detail}`
  },
  ui: {
    usage: `usage: okf-hub ui [--port N] [--host H [--allow-remote]] [--bases DIR] [--config FILE] [--no-open] [--verbose]

  Serves the manager's interface on http://127.0.0.1 (never on the network) and prints the
  address to open; it holds a token of its own for this start. Ctrl+C stops it.
  --port N        fixed port (default: a free port)
  --host H        loopback address to listen on (127.0.0.1 by default, ::1)
  --allow-remote  accepts an address outside the loopback (0.0.0.0…): plain HTTP, avoid it
  --no-open       do not open the browser
`,
    browserMissing: (cmd: string): string =>
      `okf-hub ui: browser not opened (${cmd} missing) — open the address above`,
    browserFailed: 'okf-hub ui: browser not opened — open the address above',
    hostNeedsValue: '--host expects an address',
    portRange: '--port expects an integer between 0 and 65535',
    unknownArgument: (a: string): string => `unknown argument: ${a}`,
    notBuilt: 'okf-hub ui: interface not built (out/renderer missing) — run “npm run build”',
    listenFailed: (where: string, why: string): string => `okf-hub ui: cannot listen on ${where} (${why})`,
    basesLine: (dir: string): string => `Bases: ${dir} — Ctrl+C to stop`
  },
  lock: {
    usage: `usage: okf-hub lock <base> -- <command...>

  <base>  the base's name (the \`name\` field of its okf-bundle.yaml manifest),
          not the name of its directory in the bases folder.

example:
  okf-hub lock my-base -- sh -c "git add knowledge/ && git commit -m 'integrate: …'"

exit:
  64  wrong usage
   3  unknown base
  75  base busy: lock not acquired in time (the equivalent of BASE_BUSY)
  otherwise the command's exit code
`,
    badTimeout: (raw: string): string =>
      `okf-hub lock: invalid OKF_LOCK_TIMEOUT: '${raw}' (seconds expected)`,
    unknownBase: (base: string, names: string[]): string =>
      `okf-hub lock: unknown base '${base}'. Available bases: ${names.length ? names.join(', ') : 'none'}`,
    busy: (detail: string, seconds: number): string =>
      `okf-hub lock: ${detail} (lock not acquired in ${seconds} s)`
  },
  new: {
    usage: `usage: okf-hub new <name> --title "…" --description "…" [--lang fr|en] [--bases DIR] [--config FILE] [--json]

  Creates a base from OKF Hub's template, in the bases folder: its own git repository, a first
  commit, a draft governance (status: draft) to approve, and INSTANTIATE.md, the list of steps
  that make it a real base.

  <name>          the folder's name and the manifest's name field: [a-z0-9-]+
  --title         readable title, one line, at most 100 characters
  --description   one to three sentences on one line, at most 500 characters
  --lang          the template's language (rules, guide, example): fr or en; by default the
                  environment's (LC_ALL, LC_MESSAGES, LANG: fr… → fr, else en)
  --json          JSON output; on error: {"error":{"code":…,"message":…}}

Exit codes: 0 base created, 4 refused (name taken or invalid, title or description refused),
5 input/output error, 2 invalid configuration, 64 wrong usage.
`,
    needsValue: (key: string): string => `--${key} expects a value`,
    givenTwice: (key: string): string => `--${key} given twice`,
    unknownOption: (a: string): string => `unknown option: ${a}`,
    badLang: (v: string): string => `--lang expects fr or en (got ${v})`,
    missingName: 'the base name is missing',
    extraArgument: (extra: string): string => `extra argument: ${extra}`,
    required: (key: string): string => `--${key} is required`,
    created: (name: string, dir: string, head: string): string =>
      `Base '${name}' created in ${dir} (first commit ${head}).\n` +
      `Its governance is a draft (status: draft): follow INSTANTIATE.md to make it a real base.\n` +
      `MCP servers already running see it from their next request.\n`
  }
}

export type CliMessages = typeof en
