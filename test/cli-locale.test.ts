import { afterEach, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { createServer, type AddressInfo } from 'node:net'
import { removeDir, tempDir } from './helpers/fixtures'
import { CLI_JS, assertBuilt, hubEnv } from './helpers/mcp'

// The CLI's own messages follow the locale: French with LANG=fr…, English with an English locale
// or none. Each run must not show a sentence of the other language.

const FRENCH = /\b(commande|inconnue|sinon|réessayez|vérifiez|dossier|donnez|n['’]est)\b/i
const ENGLISH = /\b(command|unknown|otherwise|the|is|not|enter|check)\b/i

function cli(args: string[], env: Record<string, string>) {
  assertBuilt()
  return spawnSync(process.execPath, [CLI_JS, ...args], { env, encoding: 'utf8', cwd: '/' })
}

describe('the CLI in the user’s language', () => {
  const dirs: string[] = []
  afterEach(() => dirs.splice(0).forEach(removeDir))

  function env(lang: Record<string, string>): Record<string, string> {
    const bases = tempDir('okf-bases-')
    const h = hubEnv(bases)
    dirs.push(h.userData, bases)
    const e = { ...h.env, ...lang }
    if (!('LANG' in lang)) delete e.LANG
    return e
  }

  it('--help: English with LANG=en_US or no locale, French with LANG=fr_FR', () => {
    for (const lang of [{ LANG: 'en_US.UTF-8' }, {}] as Record<string, string>[]) {
      const r = cli(['--help'], env(lang))
      expect(r.status).toBe(0)
      expect(r.stdout).toMatch(/^usage: okf-hub <command>/)
      expect(r.stdout).not.toMatch(FRENCH)
    }
    const fr = cli(['--help'], env({ LANG: 'fr_FR.UTF-8' }))
    expect(fr.stdout).toMatch(/^usage: okf-hub <commande>/)
    // LC_ALL wins over LANG
    const all = cli(['--help'], env({ LANG: 'fr_FR.UTF-8', LC_ALL: 'en_US.UTF-8' }))
    expect(all.stdout).toMatch(/^usage: okf-hub <command>/)
  })

  it('every command answers --help with its usage, exit 0, in the locale’s language (found by exploratory QA: serve, tool and lock refused it)', () => {
    const en = env({ LANG: 'en_US.UTF-8' })
    for (const cmd of [
      'serve',
      'tool',
      'lock',
      'review',
      'ui',
      'import',
      'new',
      'register',
      'sync',
      'insights'
    ]) {
      const r = cli([cmd, '--help'], en)
      expect(r.status, cmd).toBe(0)
      expect(r.stdout, cmd).toMatch(new RegExp(`^usage: okf-hub ${cmd}`))
      expect(r.stdout, cmd).not.toMatch(/\b(sinon|dossier|propositions|commande)\b/)
    }
    const badJson = cli(['tool', 'kb_list', '{bad'], en)
    expect(badJson.status).toBe(64)
    expect(badJson.stderr).toMatch(/^okf-hub tool: unreadable JSON arguments/)
    const fr = env({ LANG: 'fr_FR.UTF-8' })
    expect(cli(['tool', '--help'], fr).stdout).toMatch(/^usage: okf-hub tool <kb_outil>/)
    expect(cli(['tool', 'kb_list', '{bad'], fr).stderr).toMatch(/^okf-hub tool : arguments JSON illisibles/)
  })

  it('an unknown command, and new with a refused name: the engine failure worded in English', () => {
    const e = env({ LANG: 'en_US.UTF-8' })
    const unknown = cli(['frobnicate'], e)
    expect(unknown.status).toBe(64)
    expect(unknown.stderr).toMatch(/^okf-hub: unknown command: frobnicate/)
    const bad = cli(['new', 'Bad Name', '--title', 'T', '--description', 'D'], e)
    expect(bad.status).toBe(4)
    expect(bad.stderr).toContain('ERROR: INVALID_INPUT: The name “Bad Name” cannot be used.')
    expect(bad.stderr).not.toMatch(FRENCH)
  })

  it('the same in French', () => {
    const e = env({ LANG: 'fr_FR.UTF-8' })
    expect(cli(['frobnicate'], e).stderr).toMatch(/^okf-hub: commande inconnue : frobnicate/)
    const bad = cli(['new', 'Bad Name', '--title', 'T', '--description', 'D'], e)
    expect(bad.stderr).toContain("ERROR: INVALID_INPUT: nom de base 'Bad Name' refusé")
    expect(bad.stderr.replace(/'Bad Name'/, '')).not.toMatch(ENGLISH)
  })

  it('import of an unreachable host, in English', () => {
    const e = env({ LANG: 'en_US.UTF-8' })
    const r = cli(['import', 'http://127.0.0.1:9/org/guide.git', '--yes'], e)
    expect(r.status).toBe(5)
    expect(r.stderr).toMatch(/The server 127\.0\.0\.1:9 cannot be reached \(connection refused\)/)
    expect(r.stderr).not.toMatch(/injoignable|vérifiez/)
  })
})

describe('usage errors of the shared options follow the locale', () => {
  const dirs: string[] = []
  afterEach(() => dirs.splice(0).forEach(removeDir))

  it('--bases without its value: English with LANG=en_US, French with LANG=fr_FR', () => {
    const run = (lang: string) => {
      const bases = tempDir('okf-bases-')
      const h = hubEnv(bases)
      dirs.push(h.userData, bases)
      return cli(['new', 'support', '--title', 'T', '--description', 'D', '--bases'], {
        ...h.env,
        LANG: lang
      })
    }
    const en = run('en_US.UTF-8')
    expect(en.status).toBe(64)
    expect(en.stderr).toMatch(/^okf-hub new: --bases expects a value\n/)
    const fr = run('fr_FR.UTF-8')
    expect(fr.status).toBe(64)
    expect(fr.stderr).toMatch(/^okf-hub new : --bases attend une valeur\n/)
  })
})

describe('okf-hub ui: a port already taken, said in words with what to do', () => {
  const dirs: string[] = []
  afterEach(() => dirs.splice(0).forEach(removeDir))

  it('exit 5, in the locale’s language, and its usage errors are written in that language’s way', async () => {
    const taken = createServer()
    await new Promise<void>((ok) => taken.listen(0, '127.0.0.1', ok))
    const port = (taken.address() as AddressInfo).port
    try {
      const run = (args: string[], lang: string) => {
        const bases = tempDir('okf-bases-')
        const h = hubEnv(bases)
        dirs.push(h.userData, bases)
        return cli(['ui', '--no-open', ...args], { ...h.env, LANG: lang })
      }
      const en = run(['--port', String(port)], 'en_US.UTF-8')
      expect(en.status).toBe(5)
      expect(en.stderr).toBe(
        `okf-hub ui: 127.0.0.1:${port} is already in use (another okf-hub ui, or another program) — choose another --port, or leave --port out to take a free one\n`
      )
      const fr = run(['--port', String(port)], 'fr_FR.UTF-8')
      expect(fr.status).toBe(5)
      expect(fr.stderr).toMatch(new RegExp(`^okf-hub ui : 127\\.0\\.0\\.1:${port} est déjà utilisé`))
      expect(run(['--port', 'x'], 'en_US.UTF-8').stderr).toMatch(/^okf-hub ui: --port expects an integer/)
      expect(run(['--port', 'x'], 'fr_FR.UTF-8').stderr).toMatch(/^okf-hub ui : --port attend un entier/)
    } finally {
      await new Promise((ok) => taken.close(ok))
    }
  })
})

describe('okf-hub review: its help and usage errors follow the locale, its reports stay the contract’s', () => {
  const dirs: string[] = []
  afterEach(() => dirs.splice(0).forEach(removeDir))

  const run = (args: string[], lang: string) => {
    const bases = tempDir('okf-bases-')
    const h = hubEnv(bases)
    dirs.push(h.userData, bases)
    return cli(['review', ...args], { ...h.env, LANG: lang })
  }

  it('English with LANG=en_US', () => {
    const help = run(['--help'], 'en_US.UTF-8')
    expect(help.status).toBe(0)
    expect(help.stdout).toMatch(/^usage: okf-hub review <subcommand> <base>/)
    expect(help.stdout).not.toMatch(/\b(sous-commande|propositions|attend|sortie)\b/)
    const bad = run(['frob', 'alpha'], 'en_US.UTF-8')
    expect(bad.status).toBe(64)
    expect(bad.stderr).toMatch(/^okf-hub review: unknown subcommand: frob\n/)
  })

  it('French with LANG=fr_FR', () => {
    const help = run(['--help'], 'fr_FR.UTF-8')
    expect(help.stdout).toMatch(/^usage: okf-hub review <sous-commande> <base>/)
    const bad = run(['frob', 'alpha'], 'fr_FR.UTF-8')
    expect(bad.stderr).toMatch(/^okf-hub review : sous-commande inconnue : frob\n/)
  })
})
