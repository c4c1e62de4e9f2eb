import { describe, expect, it } from 'vitest'
import { execFile, spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { git, makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { CLI_JS, SERVER_JS, assertBuilt, hubEnv } from './helpers/mcp'

const run = promisify(execFile)

function cli(args: string[], env: Record<string, string>) {
  assertBuilt()
  return spawnSync(process.execPath, [CLI_JS, ...args], { env, encoding: 'utf8', cwd: '/' })
}

describe('okf-hub tool', () => {
  it('on a machine where nothing is configured, installs the default bases and searches them', () => {
    const home = tempDir('okf-home-')
    try {
      // Only HOME: the default bases dir is <user data>/bases, as the desktop app will use.
      const env = { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: join(home, '.config') }
      const r = cli(['tool', 'kb_search', '{"base":"okf-hub-guide","query":"proposition"}'], env)
      expect(r.status).toBe(0)
      expect(r.stdout).toMatch(/^\d+ résultat\(s\) dans 'okf-hub-guide' pour : proposition/)
      const bases = join(home, '.config', 'OKF Hub', 'bases')
      expect(readdirSync(bases).sort()).toEqual(['okf-hub-feedback', 'okf-hub-guide'])
      for (const b of ['okf-hub-guide', 'okf-hub-feedback']) {
        expect(git(join(bases, b), 'rev-list', '--count', 'HEAD').trim()).toBe('1')
        expect(git(join(bases, b), 'status', '--porcelain')).toBe('')
        expect(git(join(bases, b), 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('main')
      }
      expect(existsSync(join(home, '.config', 'OKF Hub', 'logs', 'hub.log'))).toBe(true)
    } finally {
      removeDir(home)
    }
  })

  it('several instances starting at once install each default base exactly once', async () => {
    const home = tempDir('okf-home-')
    try {
      const env = { PATH: process.env.PATH ?? '', HOME: home, OKF_HUB_USER_DATA: join(home, 'ud') }
      const runs = await Promise.all(
        Array.from({ length: 6 }, () => run(process.execPath, [CLI_JS, 'tool', 'kb_list'], { env }))
      )
      for (const r of runs) expect(r.stdout).toContain('## okf-hub-guide')
      const bases = join(home, 'ud', 'bases')
      expect(readdirSync(bases).sort()).toEqual(['okf-hub-feedback', 'okf-hub-guide'])
      for (const b of ['okf-hub-guide', 'okf-hub-feedback']) {
        expect(git(join(bases, b), 'rev-list', '--count', 'HEAD').trim()).toBe('1')
        expect(git(join(bases, b), 'fsck', '--strict', '--no-dangling').trim()).toBe('')
      }
    } finally {
      removeDir(home)
    }
  })

  it('prints the error text and exits 1 on a tool error; 64 on bad usage; 2 on a bad config', () => {
    const dir = tempDir()
    makeBundle(dir, 'alpha')
    const h = hubEnv(dir)
    try {
      const bad = cli(['tool', 'kb_read', '{"base":"alpha","path":"../okf-bundle.yaml"}'], h.env)
      expect(bad.status).toBe(1)
      expect(bad.stdout).toMatch(/^ERROR: NOT_FOUND:/)
      expect(cli(['tool'], h.env).status).toBe(64)
      expect(cli(['tool', 'kb_list', '{pas du json'], h.env).status).toBe(64)
      const ok = cli(['tool', 'kb_read', '{"base":"alpha","path":"exemple.md"}', '--bases', dir], h.env)
      expect(ok.status).toBe(0)
      expect(ok.stdout).toBe('# Exemple\n\nUn document exemple.\n')
      writeFileSync(h.configFile, 'read-toc-threshold: -3\n')
      const cfg = cli(['tool', 'kb_list'], h.env)
      expect(cfg.status).toBe(2)
      expect(cfg.stderr).toContain('read-toc-threshold doit être un entier positif')
    } finally {
      removeDir(dir)
    }
  })

  it('respects read-toc-threshold from the configuration', () => {
    const dir = tempDir()
    makeBundle(dir, 'alpha', {
      files: { 'knowledge/moyen.md': '# Moyen\n\n## Partie\n\n' + 'x'.repeat(300) + '\n' }
    })
    const h = hubEnv(dir, { extraConfig: 'read-toc-threshold: 100\n' })
    try {
      const r = cli(['tool', 'kb_read', '{"base":"alpha","path":"moyen.md"}'], h.env)
      expect(r.stdout).toContain('seuil 100 — table des headings')
    } finally {
      removeDir(dir)
    }
  })
})

describe('okf-hub serve', () => {
  it('is the same stdio server, with --bases overriding the configuration', async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js')
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js')
    const dir = tempDir()
    const other = tempDir()
    makeBundle(other, 'ailleurs')
    const h = hubEnv(dir)
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI_JS, 'serve', '--bases', other],
      env: h.env,
      cwd: '/',
      stderr: 'pipe'
    })
    const client = new Client({ name: 't', version: '0' })
    try {
      await client.connect(transport)
      expect((await client.listTools()).tools.length).toBe(7)
      const r = await client.callTool({ name: 'kb_list', arguments: {} })
      expect((r.content as { text: string }[])[0].text).toContain('## ailleurs — Base ailleurs')
    } finally {
      await client.close()
      removeDir(dir)
      removeDir(other)
    }
  })

  it('a bases folder named but missing is refused (exit 2) with its absolute path and the fix; nothing is created', () => {
    const root = tempDir()
    const h = hubEnv(join(root, 'bases'))
    try {
      const missing = join(root, 'faute', 'de-frappe')
      const tool = cli(['tool', 'kb_list', '{}', '--bases', missing], h.env)
      expect(tool.status).toBe(2)
      expect(tool.stderr).toBe(
        `okf-hub: configuration invalide : dossier des bases introuvable : ${missing} (désigné par --bases) — créez-le d'abord (mkdir -p "${missing}") ou corrigez le chemin ; seul le dossier par défaut (${join(h.userData, 'bases')}) est créé automatiquement\n`
      )
      expect(tool.stdout).toBe('')
      // A relative OKF_HUB_BASES, resolved against the server's working directory, said absolute.
      const server = spawnSync(process.execPath, [SERVER_JS], {
        env: { ...h.env, OKF_HUB_BASES: 'relbases' },
        cwd: root,
        input: '',
        encoding: 'utf8'
      })
      expect(server.status).toBe(2)
      expect(server.stderr).toContain(
        `dossier des bases introuvable : ${join(root, 'relbases')} (désigné par OKF_HUB_BASES, chemin relatif « relbases » résolu depuis ${root})`
      )
      // The configuration's bases-dir.
      writeFileSync(h.configFile, `bases-dir: ${JSON.stringify(join(root, 'ailleurs'))}\n`)
      const viaFile = cli(['tool', 'kb_list'], h.env)
      expect(viaFile.status).toBe(2)
      expect(viaFile.stderr).toContain(`(désigné par ${h.configFile} (bases-dir))`)
      expect(readdirSync(root).sort()).toEqual(['bases'])
    } finally {
      removeDir(root)
      removeDir(h.userData)
    }
  })

  it.each([
    ['read-toc-threshold: -3\n', 'read-toc-threshold doit être un entier positif'],
    ['bases-dir: ""\n', 'bases-dir doit être un chemin (chaîne non vide)'],
    ['clé: [non fermé\n', 'YAML invalide']
  ])(
    'an invalid configuration (%j): the server says what okf-hub tool says, same exit code',
    (yaml, reason) => {
      const dir = tempDir()
      const h = hubEnv(dir)
      try {
        writeFileSync(h.configFile, yaml)
        const tool = cli(['tool', 'kb_list'], h.env)
        expect(tool.status).toBe(2)
        expect(tool.stderr).toMatch(new RegExp(`^okf-hub: configuration invalide : ${h.configFile} : .*\\n$`))
        expect(tool.stderr).toContain(reason)
        expect(tool.stdout).toBe('')
        // The bundled server as a host spawns it, then `okf-hub serve`: the very bytes, the very code.
        const server = spawnSync(process.execPath, [SERVER_JS], {
          env: h.env,
          encoding: 'utf8',
          cwd: '/',
          input: ''
        })
        const serve = cli(['serve'], h.env)
        for (const r of [server, serve]) {
          expect(r.status).toBe(tool.status)
          expect(r.stderr).toBe(tool.stderr)
          expect(r.stdout).toBe('')
        }
      } finally {
        removeDir(dir)
        removeDir(h.userData)
      }
    }
  )

  it('refuses an unknown option with exit 64', () => {
    const r = cli(['serve', '--inconnue'], hubEnv(tempDir()).env)
    expect(r.status).toBe(64)
    expect(r.stderr).toContain('option inconnue : --inconnue')
  })

  it('ends quietly when its reader stops early (| head): exit 0, no « unexpected error » (found by exploratory QA)', async () => {
    const dir = tempDir()
    try {
      makeBundle(dir, 'alpha', {
        files: {
          'knowledge/gros.md': `# Gros\n\n${'une ligne de texte assez longue pour remplir le tube\n'.repeat(40_000)}`
        }
      })
      const h = hubEnv(dir)
      assertBuilt()
      const child = spawn(
        process.execPath,
        [CLI_JS, 'tool', 'kb_read', '{"base":"alpha","path":"gros.md","force":true}'],
        { env: h.env, cwd: '/', stdio: ['ignore', 'pipe', 'pipe'] }
      )
      let stderr = ''
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
      // The reader takes one chunk and leaves, as `head -c` does.
      child.stdout.once('data', () => child.stdout.destroy())
      const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)))
      expect(stderr).not.toMatch(/unexpected|inattendue|EPIPE/)
      expect(code).toBe(0)
      removeDir(h.userData)
    } finally {
      removeDir(dir)
    }
  })
})
