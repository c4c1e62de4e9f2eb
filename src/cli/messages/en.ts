import type { ImportPhase, SyncProblem, SyncState, SyncStatus } from '../../shared/hub-api'
import { TOKEN_ENV } from '../../engine/git/auth'

/**
 * The CLI's own messages in English (its catalogue; \`fr.ts\` has the same keys, the type requires
 * it). Engine failures are worded from their kind (\`locale.ts\`), not here.
 */
/** Why a sync ended in error, in English (the engine's sentence, French, stays in the log). */
function syncProblemText(p: SyncProblem | undefined, base: string): string {
  const v = p?.params ?? {}
  switch (p?.kind) {
    case 'detached-head':
      return 'the base is not on a branch (a detached HEAD): check out its branch, or import it again'
    case 'head-unreadable':
    case 'repo-unreadable':
      return "the base's git files are damaged or missing: import it again from its remote"
    case 'no-commits':
      return 'the branch has no commit yet: nothing to sync'
    case 'not-http':
      return `its remote ${v.remote ?? ''} (${v.url ?? ''}) is not an http(s) address: only those are synced`
    case 'no-hub-id':
      return 'inbox mode needs an installation id, and this hub has none'
    case 'remote-branch-missing':
      return `the remote has no branch ${v.branch ?? ''}: the base's manager creates it`
    case 'push-protected':
      return `the remote protects ${v.branch ?? ''} and refused this hub's push: nothing lost, the commits stay local`
    case 'remote-missing':
      return `no repository at ${v.url ?? ''} (renamed, moved or deleted, or the token cannot see it): check its address`
    case 'remote-refused':
      return 'the remote refused the exchange: nothing lost, try again (okf-hub sync --json shows its answer)'
    case 'base-busy':
      return 'another write held the base: try again'
    case 'git-lock-stale':
      return `an interrupted git command left its lock ${v.file ?? ''}: if no git runs in this base (nor a commit message editor), okf-hub review reconcile ${base} --apply removes it`
    default:
      return 'an unexpected failure (see the log, or okf-hub sync --json)'
  }
}

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
  insights <base> [--json]                           what agents could not find in a base, and what they read
  --version | --help

Configuration: --bases, else OKF_HUB_BASES, else bases-dir of hub-config.yaml
(--config, OKF_HUB_CONFIG, or <user data>/hub-config.yaml), else <user data>/bases.
Language: LC_ALL, LC_MESSAGES or LANG (fr… for French; English otherwise).
`,
    unknownCommand: (cmd: string): string => `okf-hub: unknown command: ${cmd}`,
    unexpected: (detail: string): string => `okf-hub: unexpected error: ${detail}`,
    /** `--bases` / `--config` given without its value. */
    needsValue: (option: string): string => `--${option} expects a value`,
    badUsage: 'wrong usage',
    /** A subcommand's usage error, before its usage text. */
    usageLine: (name: string, message: string): string => `okf-hub ${name}: ${message}`,
    serveUsage:
      'usage: okf-hub serve [--http [--port N]] [--bases DIR] [--config FILE] [--verbose]\n\n  The MCP server over stdio (what an AI app starts), or over Streamable HTTP on 127.0.0.1.\n',
    toolUsage:
      "usage: okf-hub tool <kb_tool> ['<JSON arguments>'] [--bases DIR] [--config FILE]\n\n  One tool call through the MCP server's own code, its text on stdout; exit 1 when the tool answers an error.\n",
    badToolArguments: (why: string): string => `okf-hub tool: unreadable JSON arguments (${why})`
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
    portInUse: (where: string): string =>
      `okf-hub ui: ${where} is already in use (another okf-hub ui, or another program) — choose another --port, or leave --port out to take a free one`,
    said: (msg: string): string => `okf-hub ui: ${msg}`,
    hostInvalid: (host: string): string =>
      `okf-hub ui: ${JSON.stringify(host)} is not an address to listen on`,
    hostNotLoopback: (host: string): string =>
      `okf-hub ui: listening on ${host} refused: the interface listens on the loopback only (127.0.0.1, ::1). To expose it to the network anyway, add --allow-remote (plain HTTP: the token and the data travel in clear).`,
    remoteWarning: (host: string): string =>
      `okf-hub ui: WARNING: listening on ${host}, reachable from the network, in plain HTTP — the token and the data travel in clear, and whoever has the token can resolve proposals. Use --allow-remote on a trusted network only.`,
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
  insights: {
    usage: `usage: okf-hub insights <base> [--json] [--bases DIR] [--config FILE]

  What agents could not find in a base, from the usage journal of this machine's MCP servers:
  open gaps ranked by the sessions that hit them, with their queries; gaps closed since (and the
  commit that closed them) or set aside; the most-read documents and sections, the documents no
  agent read in 90 days, proposals per submitter and the time from filing to decision.
  Each gap's queries are run again against the corpus as it is now (a gap closes when they find
  an answer). --json prints every figure, with gaps: [{ id, status, queries, sessions, … }].
  Exit codes: 0, 3 unknown base, 64 usage, 2 invalid configuration, 1 other failure.
`,
    oneBase: 'name one base',
    unknownOption: (a: string): string => `unknown option: ${a}`,
    title: (base: string, events: number, since: string | null): string =>
      `Insights of ${base} — ${events} journal event(s)${since ? ` since ${since.slice(0, 10)}` : ''}`,
    noJournal: 'No agent activity recorded for this base yet (the usage journal is empty or off).',
    openHeading: (n: number): string => `Open gaps (${n}), by sessions:`,
    noOpen: 'No open gap.',
    gapLine: (rank: number, id: string, sessions: number, count: number, last: string): string =>
      `  ${rank}. ${id}  ${sessions} session(s), ${count} search(es), last ${last.slice(0, 10)}`,
    queries: 'queries',
    shown: 'shown',
    closedHeading: (n: number): string => `Closed gaps (${n}):`,
    closedLine: (id: string, commit: string | null, at: string): string =>
      `  ${id}  closed ${at.slice(0, 10)}${commit ? ` by ${commit.slice(0, 10)}` : ''}`,
    dismissedHeading: (n: number): string => `Not for this base (${n}):`,
    mostRead: 'Most-read documents:',
    readLine: (path: string, reads: number, sessions: number): string =>
      `  ${path}  ${reads} read(s), ${sessions} session(s)`,
    mostReadSections: 'Most-read sections:',
    sectionLine: (path: string, section: string, reads: number): string =>
      `  ${path} § ${section}  ${reads} read(s)`,
    nothingRead: '  (none)',
    unread: (total: number, days: number): string => `Documents no agent read in ${days} days: ${total}`,
    more: (n: number): string => `  … and ${n} more (--json lists 50)`,
    submitters: 'Proposals per submitter:',
    submitterLine: (who: string, p: number, a: number, r: number): string =>
      `  ${who}  ${p} pending, ${a} accepted, ${r} rejected`,
    decision: (decided: number, median: string, mean: string): string =>
      decided === 0
        ? 'Filing to decision: no decided proposal yet.'
        : `Filing to decision: median ${median}, mean ${mean} (${decided} decided)`
  },
  sync: {
    usage: `usage: okf-hub sync [<base>|--all] [--push] [--json] [--bases DIR] [--config FILE]
       okf-hub sync <base> --set-aside [--plan-out FILE] [--json]

  Fetches each base's branch from its remote repository (git: the branch's upstream, else
  origin) and fast-forwards when the base is only behind — never a merge, never a rewrite of the
  local history, never a locally modified file overwritten.
  --push   also sends the local commits; if the remote moved, the hub's proposals and
           resolutions are replayed on its new version (same files, same messages)
  --all    every base (the default without <base>)
  --json   the list of statuses (SyncStatus of src/shared/hub-api.ts)

  --set-aside  a base diverged by the hub's resolutions: keeps them on a branch
           okf-hub/set-aside/<time>, brings the base back to the remote's version (the local
           proposals replayed) and rebuilds the plan of the resolutions set aside — written to
           --plan-out FILE (never overwritten), else to standard output; preview it with
           okf-hub review resolve <base> --plan FILE --dry-run, then resolve it again

  Modes (the base's sync-mode setting in hub-config.yaml): auto (default: pushes the branch, and
  moves to its inbox by itself if the remote refuses it as protected), main, inbox (proposals go
  to okf-hub/inbox/<hub id>, a branch only this hub writes), manager (pushes the branch and
  integrates every inbox's proposals into it).
  Token: OKF_HUB_GIT_TOKEN (never as an argument, never written to disk).

One line per base: <base>  <state>  <explanation>. States: up to date, behind, ahead, diverged,
unreachable, authentication required, no remote, error.
Exit codes: 0 everything up to date (or no remote, or ahead without --push);
1 a base needs attention (diverged, local changes in the way, error);
75 a remote unreachable (try again later); 77 authentication required or token refused;
3 unknown base; 2 invalid configuration; 64 wrong usage. Several bases: the most serious wins
(1, then 77, then 75).
`,
    states: {
      'up-to-date': 'up to date',
      behind: 'behind',
      ahead: 'ahead',
      diverged: 'diverged',
      unreachable: 'unreachable',
      'auth-required': 'authentication required',
      'no-remote': 'no remote',
      error: 'error'
    } as Record<SyncState, string>,
    /** The explanation of a line, from the status's fields (the engine's sentence is French). */
    explain: (s: SyncStatus): string => {
      const remote = s.remote ?? 'the remote'
      const n = (k: number, one: string, many: string): string => `${k} ${k === 1 ? one : many}`
      if (s.dirty.length > 0)
        return `local changes in the way of ${remote}: ${s.dirty.join(', ')} — nothing written; keep or set them aside first`
      switch (s.state) {
        case 'up-to-date': {
          const done = [
            s.fastForwarded ? `fast-forwarded ${n(s.fastForwarded, 'commit', 'commits')} from ${remote}` : '',
            s.pushed ? `${n(s.pushed, 'commit', 'commits')} pushed to ${remote}` : ''
          ].filter(Boolean)
          if (s.inbox && s.inbox.waiting > 0)
            return `${n(s.inbox.waiting, 'commit', 'commits')} filed in ${s.inbox.branch}, waiting for the manager`
          return done.length ? `${done.join(', ')}: up to date` : `up to date with ${remote}`
        }
        case 'behind':
          return `${n(s.behind, 'commit', 'commits')} of ${remote} to fetch: okf-hub sync`
        case 'ahead': {
          if (s.ahead === 0) return `${remote} never fetched (or missing): okf-hub sync`
          const o = s.outgoing
          const what = o
            ? [
                o.proposals ? n(o.proposals, 'proposal filed here', 'proposals filed here') : '',
                o.decisions ? n(o.decisions, 'decision taken here', 'decisions taken here') : '',
                o.other ? n(o.other, 'other change', 'other changes') : ''
              ]
                .filter(Boolean)
                .join(', ')
            : n(s.ahead, 'local commit', 'local commits')
          return s.inbox
            ? `${what} to file in ${s.inbox.branch}: okf-hub sync`
            : `${what} not yet on ${remote}: okf-hub sync --push`
        }
        case 'diverged':
          return (
            `${remote} and this base both changed ${s.conflicts.length ? s.conflicts.join(', ') : 'the same files'}: nothing written` +
            (s.replannable
              ? `; okf-hub sync ${s.base} --set-aside keeps the resolutions and rebuilds their plan`
              : '; settle it with git')
          )
        case 'unreachable':
          return `${remote} did not answer: nothing lost, try again later`
        case 'auth-required':
          return `${s.host ?? remote} wants a token (or refused it): set OKF_HUB_GIT_TOKEN`
        case 'no-remote':
          return s.url
            ? `its remote is a folder on this computer (${s.url}): only http(s) remotes are synced, nothing to sync`
            : 'no remote repository: nothing to sync'
        default:
          return `sync failed: ${syncProblemText(s.problem, s.base)}`
      }
    },
    noBases: (dir: string): string => `no base in ${dir}`,
    planOutNeedsFile: '--plan-out expects a file',
    unknownOption: (a: string): string => `unknown option: ${a}`,
    oneBase: 'one base, or --all',
    baseOrAll: '<base> and --all exclude each other',
    setAsideOne: '--set-aside: a single <base>, without --push',
    planOutOnlyWithSetAside: '--plan-out only goes with --set-aside',
    planNotWritten: (file: string, why: string): string =>
      `okf-hub sync: plan not written to ${file} (${why}); here it is:\n`,
    setAsideDone: (base: string, n: number, keptAt: string, remote: string, replayed: number): string =>
      `${base}  set aside  ${n} resolution${n === 1 ? '' : 's'} kept on branch ${keptAt}; the base follows ${remote} ` +
      `(${replayed} local commit${replayed === 1 ? '' : 's'} replayed)\n`,
    planRebuilt: (base: string, planOut: string | null): string =>
      `Plan rebuilt${planOut ? `: ${planOut}` : ' (on standard output)'}. Preview it: ` +
      `okf-hub review resolve ${base} --plan ${planOut ?? 'plan.json'} --dry-run\n`
  },
  register: {
    usage:
      (): string => `usage: okf-hub register [--host H]… [--remove | --check] [--json] [--bases DIR] [--config FILE]

  Registers OKF Hub's MCP server (the « okf-hub » entry) in a host's user configuration: only
  that entry changes, the rest of the file (other servers, comments, order, indentation) stays
  byte for byte; an unreadable file is refused, never rewritten. Before each change, a
  timestamped copy goes to <user data>/backups/hosts/<host>/ (the last 5 per file are kept).

  --host H    claude-desktop (default), claude-code, cursor, vscode, or all; repeatable
  --remove    removes the « okf-hub » entry (and nothing else)
  --check     writes nothing: says whether the entry is there and whether its command really
              starts the server (run as the host runs it: absolute path, its env only, folder /,
              then initialize + tools/list)
  --json      JSON output: {"action":…,"hosts":[HostRegistration + "files"|"error"]}
  --bases, --config   the bases the host will serve (written into the entry when they differ
              from the ones it would find on its own)

Command written: this node (${process.execPath}) and the built script out/main/mcp/server.js;
the desktop app writes its own executable with ELECTRON_RUN_AS_NODE=1.

Exit codes: 0 done (--check: registered and working everywhere), 1 --check: missing or broken
somewhere, 4 refused (unreadable configuration file, unknown host), 5 input/output error (lock,
write), 2 invalid OKF Hub configuration, 64 wrong usage.
`,
    needsValue: '--host expects a value',
    unknownHost: (v: string): string =>
      `unknown host: ${v} (claude-desktop, claude-code, cursor, vscode or all)`,
    unknownArgument: (a: string): string => `unknown argument: ${a}`,
    removeAndCheck: '--remove and --check do not go together',
    checkState: (present: boolean, working: boolean | null): string =>
      !present
        ? 'not registered'
        : working === true
          ? 'registered, the server starts and answers'
          : working === false
            ? 'registered, but the server does not start'
            : 'registered (not checked)',
    file: 'file',
    registered: (changed: boolean): string =>
      changed ? 'registered' : 'already registered, nothing written',
    removed: (changed: boolean): string =>
      changed ? 'entry removed' : 'no « okf-hub » entry, nothing written',
    fileState: (changed: boolean, created: boolean): string =>
      changed ? (created ? 'created' : 'modified') : 'unchanged',
    backup: 'backup',
    problem: 'problem',
    next: 'next'
  },
  import: {
    usage:
      (): string => `usage: okf-hub import <git-url|folder> [--name DIR] [--branch B] [--yes] [--json] [--bases DIR] [--config FILE]

  <git-url>    the repository's https address (the host's « Clone » button), full history
  <folder>     absolute path: a git repository (imported with its history) or a plain folder
               (it becomes a repository, first commit by okf-hub)
  --name DIR   the folder's name in the bases folder (else: the repository's or folder's name)
  --branch B   the branch to import (else: the default branch, or the current branch)
  --yes        serve the base without asking (after reading what it will tell agents)
  --json       JSON result on stdout; on error: {"error":{"code":…,"message":…}}

Private repository: the (read) access token is given by the ${TOKEN_ENV} variable or, on a
terminal, at the hidden prompt when the server asks for it — never as an argument (the command
line is readable by the machine's other users). It is neither written nor logged.

Before being served, the base is shown: its okf-bundle.yaml, GOVERNANCE.md and CLAUDE.md reach
every agent's context. Question « Serve this base to your agents? [y/N] » on a terminal; without
a terminal, --yes is needed.

Exit codes: 0 base served, 1 not served (no at the question, or no terminal without --yes),
4 import refused (ERROR: <CODE>: … on stderr: authentication, branch, not a base, invalid base,
name taken), 5 input/output or network error, 2 invalid configuration, 64 wrong usage,
130 interrupted (Ctrl-C: nothing is kept).
`,
    needsValue: (key: string): string => `--${key} expects a value`,
    tokenInArgv: `no token as an argument: the command line is readable by the machine's other users (ps) and stays in the shell's history. Give it with the ${TOKEN_ENV} variable, or at the hidden prompt shown on a terminal when the server asks for it`,
    unknownOption: (a: string): string => `unknown option: ${a}`,
    missingSource: 'okf-hub import expects a git repository URL or a folder path',
    extraArgument: (extra: string): string => `extra argument: ${extra}`,
    phases: {
      preparing: 'preparing',
      counting: 'counting objects',
      compressing: 'compressing objects',
      receiving: 'receiving objects',
      resolving: 'resolving deltas',
      'checking-out': 'checking out files',
      copying: 'copying',
      validating: 'validating',
      done: 'done'
    } as Record<ImportPhase, string>,
    ready: (base: string, dir: string): string =>
      `Base '${base}' ready to be served from the folder '${dir}'`,
    source: (source: string, branch: string | null): string =>
      `  source: ${source}${branch ? ` (branch ${branch})` : ''}`,
    figures: (commits: number, documents: number, head: string | null): string =>
      `  ${commits} commit${commits === 1 ? '' : 's'}, ${documents} document${documents === 1 ? '' : 's'}, head ${head ?? '(none)'}`,
    warning: 'warning',
    absent: '(absent)',
    beforeFirstUse: 'Before first use (SPEC §8): these texts will reach every agent’s context.',
    readThem: 'Read them; they come from the source, not from the hub.',
    askToken: 'The server asks for an access token (hidden input, Enter to give up): ',
    interrupted: 'import interrupted: nothing was kept',
    noTerminal: (base: string): string =>
      `base '${base}' not served: without a terminal, the question « Serve this base to your agents? » cannot be asked. Read the texts above, then run again with --yes — nothing was kept`,
    question: 'Serve this base to your agents? [y/N] ',
    yes: /^(y|yes|o|oui)$/i,
    refused: (base: string): string => `base '${base}' not served: nothing was kept`,
    refusedJson: 'refused at the question',
    served: (name: string, dir: string): string =>
      `base '${name}' served from ${dir} — MCP servers already running see it from their next request`
  },
  review: {
    usage: `usage: okf-hub review <subcommand> <base> [options] [--json] [--bases DIR] [--config FILE]

  reconcile <base> [--apply]                  step 0: proposals written but not committed, copies in
                                              several folders, status fields that disagree, temp files,
                                              git locks left by interrupted commands
  context   <base>                            GOVERNANCE.md, schema.yaml, the corpus's outline, counts
  inventory <base> [--full]                   pending proposals, by date, grouped by subject
  resolve   <base> --plan p.json [--dry-run]  one plan = one commit; --plan - reads the plan on stdin;
            [--basis B]                       --dry-run shows diffs, moves and message writing nothing,
                                              and its "basis"; --basis B writes exactly that preview or
                                              refuses (exit 4, nothing written) if a file it read changed

  <base>   the base's name (the \`name\` field of its manifest), not its folder's name.
  --json   JSON output (DTOs of src/shared/review.ts); on error: {"error":{"code":…,"message":…}}

The review engine's reports and errors are the contract's French texts (seed 000), whatever the
locale; only this help and the usage errors follow it.

Subject of a resolution commit:
  integrate: <id> — <summary>                                  one proposal, accepted
  reject: <id> — <summary>                                     one proposal, rejected
  integrate: <n> proposals — <summary>                         several, all accepted
  reject: <n> proposals — <summary>                            several, all rejected
  resolve: <n> proposals (<a> integrated, <r> rejected) — <summary>   several, mixed
  then, in the plan's order, "Proposal: <id>" and "Submitted-By: …" per proposal,
  and one "Reviewed-By: <reviewed_by>". Reconcile's repairs: "reconcile: <n> repair(s)".

Exit codes: 0 success, 4 refused (ERROR: <CODE>: … on stderr), 5 input/output error or unreadable
JSON plan, 2 invalid configuration, 64 wrong usage.
`,
    planNeedsFile: '--plan expects a file (or - for stdin)',
    onePlan: 'one --plan per call (one plan = one commit)',
    basisNeedsValue: '--basis expects the value printed by --dry-run',
    unknownOption: (a: string): string => `unknown option: ${a}`,
    missingSub: 'missing subcommand',
    unknownSub: (s: string): string => `unknown subcommand: ${s}`,
    needsBase: (s: string): string => `okf-hub review ${s} expects a base's name`,
    extra: (a: string): string => `extra argument: ${a}`,
    applyOnly: '--apply only goes with reconcile',
    fullOnly: '--full only goes with inventory',
    planOnly: '--plan and --dry-run only go with resolve',
    resolveNeedsPlan: 'resolve needs --plan <file>',
    basisOnly: '--basis only goes with resolve, without --dry-run',
    planUnreadable: (file: string, detail: string): string => `plan unreadable (${file}): ${detail}`,
    planNotJson: (file: string, detail: string): string => `plan is not valid JSON (${file}): ${detail}`
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
