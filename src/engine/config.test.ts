import { afterAll, describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError, loadConfig, userDataDir } from './config'

const tmp = mkdtempSync(join(tmpdir(), 'okf-config-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('userDataDir', () => {
  it('follows Electron’s userData convention for "OKF Hub" on each OS', () => {
    expect(userDataDir({ HOME: '/h' }, 'darwin')).toBe('/h/Library/Application Support/OKF Hub')
    expect(userDataDir({ HOME: '/h' }, 'linux')).toBe('/h/.config/OKF Hub')
    expect(userDataDir({ HOME: '/h', XDG_CONFIG_HOME: '/x' }, 'linux')).toBe('/x/OKF Hub')
    expect(userDataDir({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32')).toMatch(/Roaming.OKF Hub$/)
    expect(userDataDir({ HOME: '/h', OKF_HUB_USER_DATA: '/portable' }, 'linux')).toBe('/portable')
  })
})

describe('loadConfig', () => {
  const ud = join(tmp, 'ud')
  const env = { HOME: tmp, OKF_HUB_USER_DATA: ud }

  it('defaults to <user data>/bases, threshold 8192, log in <user data>/logs, default bases on', () => {
    const c = loadConfig({ env, cwd: '/' })
    expect(c).toMatchObject({
      basesDir: join(ud, 'bases'),
      readTocThreshold: 8192,
      logFile: join(ud, 'logs', 'hub.log'),
      defaultBases: true,
      configFile: null
    })
  })

  it('reads <user data>/hub-config.yaml when present, relative paths against its folder', () => {
    mkdirSync(join(ud, 'mes-bases'), { recursive: true })
    writeFileSync(
      join(ud, 'hub-config.yaml'),
      'bases-dir: mes-bases\nread-toc-threshold: 4096\nlog-file: null\ndefault-bases: false\n'
    )
    const c = loadConfig({ env, cwd: '/' })
    expect(c).toMatchObject({
      basesDir: join(ud, 'mes-bases'),
      readTocThreshold: 4096,
      logFile: null,
      defaultBases: false
    })
    rmSync(join(ud, 'hub-config.yaml'))
  })

  it('precedence: --bases, then OKF_HUB_BASES, then the file; --config, then OKF_HUB_CONFIG', () => {
    const a = join(tmp, 'a.yaml')
    const b = join(tmp, 'b.yaml')
    for (const d of ['depuis-a', 'depuis-b', 'env', 'w/rel']) mkdirSync(join(tmp, d), { recursive: true })
    writeFileSync(a, `bases-dir: ${join(tmp, 'depuis-a')}\n`)
    writeFileSync(b, `bases-dir: ${join(tmp, 'depuis-b')}\n`)
    const envDir = join(tmp, 'env')
    expect(loadConfig({ env: { ...env, OKF_HUB_CONFIG: b }, cwd: '/' }).basesDir).toBe(join(tmp, 'depuis-b'))
    expect(loadConfig({ env: { ...env, OKF_HUB_CONFIG: b }, config: a, cwd: '/' }).basesDir).toBe(
      join(tmp, 'depuis-a')
    )
    expect(loadConfig({ env: { ...env, OKF_HUB_BASES: envDir }, config: a, cwd: '/' }).basesDir).toBe(envDir)
    expect(
      loadConfig({ env: { ...env, OKF_HUB_BASES: envDir }, config: a, bases: 'rel', cwd: join(tmp, 'w') })
        .basesDir
    ).toBe(join(tmp, 'w', 'rel'))
  })

  it('a named bases dir that does not exist is refused with its absolute path and the fix; the default one is not', () => {
    const missing = join(tmp, 'faute-de-frappe')
    expect(() => loadConfig({ env, bases: missing, cwd: '/' })).toThrow(
      `dossier des bases introuvable : ${missing} (désigné par --bases) — créez-le d'abord (mkdir -p "${missing}") ou corrigez le chemin`
    )
    expect(() => loadConfig({ env: { ...env, OKF_HUB_BASES: 'relbases' }, cwd: tmp })).toThrow(
      `dossier des bases introuvable : ${join(tmp, 'relbases')} (désigné par OKF_HUB_BASES, chemin relatif « relbases » résolu depuis ${tmp})`
    )
    const f = join(tmp, 'missing-dir.yaml')
    writeFileSync(f, 'bases-dir: ailleurs\n')
    expect(() => loadConfig({ env, config: f, cwd: '/' })).toThrow(
      `dossier des bases introuvable : ${join(tmp, 'ailleurs')} (désigné par ${f} (bases-dir))`
    )
    writeFileSync(join(tmp, 'un-fichier'), '')
    expect(() => loadConfig({ env, bases: join(tmp, 'un-fichier'), cwd: '/' })).toThrow(
      "n'est pas un dossier"
    )
    // The default folder, even named explicitly, is created on first use.
    const fresh = { HOME: tmp, OKF_HUB_USER_DATA: join(tmp, 'ud-neuf') }
    expect(loadConfig({ env: fresh, cwd: '/' }).basesDir).toBe(join(tmp, 'ud-neuf', 'bases'))
    expect(loadConfig({ env: fresh, bases: join(tmp, 'ud-neuf', 'bases'), cwd: '/' }).basesDir).toBe(
      join(tmp, 'ud-neuf', 'bases')
    )
  })

  it.each([
    ['read-toc-threshold: -1\n', 'read-toc-threshold doit être un entier positif'],
    ['read-toc-threshold: true\n', 'read-toc-threshold doit être un entier positif'],
    ['default-bases: "oui"\n', 'default-bases doit être un booléen'],
    ['bases-dir: 3\n', 'bases-dir doit être un chemin'],
    ['- une\n- liste\n', 'la racine doit être une correspondance YAML'],
    ['clé: [non fermé\n', 'YAML invalide']
  ])('refuses %j with a clear message', (text, msg) => {
    const f = join(tmp, 'bad.yaml')
    writeFileSync(f, text)
    expect(() => loadConfig({ env, config: f, cwd: '/' })).toThrow(ConfigError)
    expect(() => loadConfig({ env, config: f, cwd: '/' })).toThrow(msg)
  })

  it('an empty file means defaults; a missing --config file is an error', () => {
    const f = join(tmp, 'empty.yaml')
    writeFileSync(f, '')
    expect(loadConfig({ env, config: f, cwd: '/' }).readTocThreshold).toBe(8192)
    expect(() => loadConfig({ env, config: join(tmp, 'absent.yaml'), cwd: '/' })).toThrow('illisible')
  })
})

describe('per-base settings (bases: in hub-config.yaml)', () => {
  const env = { HOME: tmp, OKF_HUB_USER_DATA: join(tmp, 'ud-bases') }
  const load = (text: string) => {
    const f = join(tmp, 'bases-settings.yaml')
    writeFileSync(f, text)
    return loadConfig({ env, config: f, cwd: '/' })
  }

  it('auto-push off and sync-at-start on by default; set per base by name', async () => {
    const { settingsOf } = await import('./config')
    const c = load('bases:\n  equipe:\n    auto-push: true\n  calme:\n    sync-at-start: false\n')
    expect(settingsOf(c, 'equipe')).toEqual({ autoPush: true, syncAtStart: true })
    expect(settingsOf(c, 'calme')).toEqual({ autoPush: false, syncAtStart: false })
    expect(settingsOf(c, 'autre')).toEqual({ autoPush: false, syncAtStart: true })
    expect(settingsOf(load(`bases-dir: ${tmp}\n`), 'equipe')).toEqual({ autoPush: false, syncAtStart: true })
    expect(settingsOf(c, 'toString')).toEqual({ autoPush: false, syncAtStart: true })
  })

  it('refuses a wrong shape, an unknown key or a non-boolean with the file and the key named', () => {
    expect(() => load('bases: [equipe]\n')).toThrow(ConfigError)
    expect(() => load('bases:\n  equipe: true\n')).toThrow(/bases\.equipe doit être une correspondance/)
    expect(() => load('bases:\n  equipe:\n    autopush: true\n')).toThrow(
      /bases\.equipe\.autopush : réglage inconnu \(connus : auto-push, sync-at-start, sync-mode\)/
    )
    expect(() => load('bases:\n  equipe:\n    auto-push: "yes"\n')).toThrow(
      /bases-settings\.yaml : bases\.equipe\.auto-push doit être un booléen/
    )
  })
})
