// `okf-hub` — argv → engine (or → the MCP definition for `tool`). Nothing here
// decides behaviour: each subcommand parses, calls, prints, and maps errors to
// exit codes once.
import { runServer } from '../mcp/serve'
import { runTool } from './tool'
import { runLock } from './lock'
import { version } from '../../package.json'
import { cliMessages } from './locale'

/** The usage in the user's language (`locale.ts`), read when printed. */
const usage = (): string => cliMessages().main.usage

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv
  switch (cmd) {
    case 'serve':
      // Answered here: the server's own argument parser lives in src/mcp, which speaks no CLI words.
      if (rest.length === 1 && (rest[0] === '--help' || rest[0] === '-h')) {
        process.stdout.write(cliMessages().main.serveUsage)
        return 0
      }
      return runServer(rest)
    case 'tool':
      return runTool(rest)
    case 'lock':
      return runLock(rest)
    case 'ui': {
      const { runUi } = await import('./ui')
      return runUi(rest)
    }
    case 'import': {
      const { runImport } = await import('./import')
      return runImport(rest)
    }
    case 'new': {
      const { runNew } = await import('./new-base')
      return runNew(rest)
    }
    case 'register': {
      const { runRegister } = await import('./register')
      return runRegister(rest)
    }
    case 'sync': {
      const { runSync } = await import('./sync')
      return runSync(rest)
    }
    case 'insights': {
      const { runInsights } = await import('./insights')
      return runInsights(rest)
    }
    case 'review': {
      const { runReview } = await import('./review')
      return runReview(rest)
    }
    case '--version':
    case '-v':
      process.stdout.write(`okf-hub ${version}\n`)
      return 0
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(usage())
      return cmd === undefined ? 64 : 0
    default:
      process.stderr.write(`${cliMessages().main.unknownCommand(cmd)}\n\n${usage()}`)
      return 64
  }
}

// A reader that stops early (`okf-hub … | head`) closes the pipe: what is left to print has no one
// to read it, which is the reader's choice, not a failure — the command ends quietly, as Unix
// tools do, instead of as an uncaught exception (found by exploratory QA). The MCP server's own
// stdout is its transport, which the server watches itself.
if (process.argv[2] !== 'serve')
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e
    process.exit(0)
  })

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (e: unknown) => {
    process.stderr.write(
      `${cliMessages().main.unexpected(e instanceof Error ? (e.stack ?? e.message) : String(e))}\n`
    )
    process.exitCode = 1
  }
)
