// `okf-hub` — argv → engine (or → the MCP definition for `tool`). Nothing here
// decides behaviour: each subcommand parses, calls, prints, and maps errors to
// exit codes once.
import { runServer } from '../mcp/serve'
import { runTool } from './tool'
import { runLock } from './lock'
import { version } from '../../package.json'

const USAGE = `usage: okf-hub <commande> [options]

  serve   [--bases DIR] [--config FILE] [--verbose]   serveur MCP stdio (pour Claude Desktop et tout hôte MCP)
  serve --http [--port N]                            le même serveur en Streamable HTTP sur 127.0.0.1 (jeton : OKF_HUB_HTTP_TOKEN)
  tool    <kb_outil> ['<arguments JSON>'] [--bases DIR] [--config FILE]
                                                     un appel d'outil, texte sur stdout (code 1 si erreur)
  lock    <base> -- <commande…>                      exécute une commande sous le verrou d'écriture de la base
  review  reconcile|context|inventory|resolve <base> [--apply|--full|--plan FICHIER [--dry-run]] [--json]
                                                     revue des propositions (okf-hub review --help)
  ui      [--port N] [--no-open] [--bases DIR]       l'interface du gestionnaire dans le navigateur (127.0.0.1)
  import  <url-git|dossier> [--name DIR] [--branch B] [--yes]
                                                     importe une base (clone git ; jeton : OKF_HUB_GIT_TOKEN)
  new     <nom> --title … --description …            crée une base à partir du modèle
  register [--host H] [--remove] [--check] [--json]  inscrit le serveur dans Claude Desktop, Claude Code, Cursor, VS Code
  sync    [<base>|--all] [--push] [--json]           synchronise les bases avec leur dépôt distant
  --version | --help

Configuration : --bases, sinon OKF_HUB_BASES, sinon bases-dir de hub-config.yaml
(--config, OKF_HUB_CONFIG, ou <données utilisateur>/hub-config.yaml), sinon <données utilisateur>/bases.
`

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
      process.stdout.write(USAGE)
      return cmd === undefined ? 64 : 0
    default:
      process.stderr.write(`okf-hub: commande inconnue : ${cmd}\n\n${USAGE}`)
      return 64
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (e: unknown) => {
    process.stderr.write(`okf-hub: erreur inattendue : ${e instanceof Error ? e.stack : String(e)}\n`)
    process.exitCode = 1
  }
)
