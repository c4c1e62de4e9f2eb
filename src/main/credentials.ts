import { join } from 'node:path'
import { safeStorage } from 'electron'
import { EncryptedFileCredentialStore, type CredentialStore } from '../engine/sync/credentials'

/**
 * The desktop app's git tokens: one file in the user-data folder encrypted by the OS keychain
 * through Electron's `safeStorage` (macOS Keychain, Windows DPAPI, libsecret/kwallet on Linux).
 * Everything else — the file format, refusing a keychain that only has a fixed key — is the
 * engine's (`EncryptedFileCredentialStore`, tested there with a fake cipher).
 */
export function safeStorageCredentials(userDataDir: string): CredentialStore {
  return new EncryptedFileCredentialStore(join(userDataDir, 'git-credentials.bin'), {
    isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
    encryptString: (plain) => safeStorage.encryptString(plain),
    decryptString: (encrypted) => safeStorage.decryptString(encrypted),
    weak: () => process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text'
  })
}
