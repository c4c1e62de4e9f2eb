import { afterAll, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  EncryptedFileCredentialStore,
  MemoryCredentialStore,
  normaliseHost,
  type StringCipher
} from './credentials'

const tmp = mkdtempSync(join(tmpdir(), 'okf-cred-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** A stand-in for safeStorage: XOR with a key, so a test can tell ciphertext from clear text. */
function fakeCipher(opts: { available?: boolean; weak?: boolean } = {}): StringCipher & { calls: number } {
  const key = 0x5a
  const c = {
    calls: 0,
    isEncryptionAvailable: () => opts.available ?? true,
    weak: () => opts.weak ?? false,
    encryptString: (plain: string) => {
      c.calls++
      return Buffer.from([...Buffer.from(`v1:${plain}`, 'utf8')].map((b) => b ^ key))
    },
    decryptString: (enc: Buffer) => {
      const text = Buffer.from([...enc].map((b) => b ^ key)).toString('utf8')
      if (!text.startsWith('v1:')) throw new Error('bad blob')
      return text.slice(3)
    }
  }
  return c
}

describe('normaliseHost', () => {
  it('takes a host[:port] or a URL, lowercased; refuses anything else', () => {
    expect(normaliseHost('GitHub.com')).toBe('github.com')
    expect(normaliseHost('https://gitlab.example.org:8443/team/base.git')).toBe('gitlab.example.org:8443')
    expect(normaliseHost(' 127.0.0.1:3000 ')).toBe('127.0.0.1:3000')
    for (const bad of ['', 'a b', 'host/path', 'user@host', 'ftp://'])
      expect(() => normaliseHost(bad)).toThrow(/hôte invalide/)
  })
})

describe('MemoryCredentialStore', () => {
  it('session tokens first, then OKF_HUB_GIT_TOKEN for every host; hosts never list the env token', async () => {
    const s = new MemoryCredentialStore({ OKF_HUB_GIT_TOKEN: ' env-token ' })
    expect(await s.get('a.example')).toBe('env-token')
    await s.set('A.example', 'mine')
    expect(await s.get('a.example')).toBe('mine')
    expect(await s.hosts()).toEqual(['a.example'])
    await s.delete('a.example')
    expect(await s.get('a.example')).toBe('env-token')
    expect(s.persistent).toBe(false)
    await expect(s.set('a.example', 'two words')).rejects.toThrow(/jeton invalide/)
  })
})

describe('EncryptedFileCredentialStore', () => {
  it('keeps tokens in one encrypted file (never in clear), readable by a new instance, removed when empty', async () => {
    const file = join(tmp, 'ud', 'git-credentials.bin')
    const cipher = fakeCipher()
    const s = new EncryptedFileCredentialStore(file, cipher, {})
    expect(await s.get('github.com')).toBeNull()
    await s.set('github.com', 'ghp_secret123')
    await s.set('gitlab.example:8443', 'glpat-other')
    const raw = readFileSync(file)
    expect(raw.toString('latin1')).not.toContain('ghp_secret123')
    expect(raw.toString('latin1')).not.toContain('github.com')
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0)
    const again = new EncryptedFileCredentialStore(file, fakeCipher(), {})
    expect(await again.get('GITHUB.COM')).toBe('ghp_secret123')
    expect(await again.hosts()).toEqual(['github.com', 'gitlab.example:8443'])
    await again.delete('github.com')
    await again.delete('gitlab.example:8443')
    expect(existsSync(file)).toBe(false)
  })

  it('refuses to store when the keychain cannot encrypt, or only with a fixed key; the env token still applies', async () => {
    for (const cipher of [fakeCipher({ available: false }), fakeCipher({ weak: true })]) {
      const file = join(tmp, `refused-${cipher.isEncryptionAvailable()}`, 'git-credentials.bin')
      const s = new EncryptedFileCredentialStore(file, cipher, { OKF_HUB_GIT_TOKEN: 'from-env' })
      await expect(s.set('github.com', 'tok')).rejects.toThrow(/trousseau du système n'est pas disponible/)
      expect(existsSync(file)).toBe(false)
      expect(cipher.calls).toBe(0)
      expect(await s.get('github.com')).toBe('from-env')
    }
  })

  it('an undecipherable file is named as such, with what to do', async () => {
    const file = join(tmp, 'garbled', 'git-credentials.bin')
    await new EncryptedFileCredentialStore(file, fakeCipher(), {}).set('h.example', 'tok')
    const other: StringCipher = { ...fakeCipher(), decryptString: () => 'not json' }
    await expect(new EncryptedFileCredentialStore(file, other, {}).get('h.example')).rejects.toThrow(
      /indéchiffrables.*saisissez-les de nouveau/
    )
  })
})
