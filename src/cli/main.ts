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
