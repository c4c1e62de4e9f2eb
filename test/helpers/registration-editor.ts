// A second process editing a host's config file through the registration's locked
// read-modify-write, holding the file open between its read and its write for `holdMs`
// (test/registration-cli.test.ts runs several at once); prints when its edit ran. Usage: <file> <server name> <holdMs> <backup dir>
import { editConfigFile } from '../../src/engine/registration/config-file'
import { setEntry } from '../../src/engine/registration/jsonc-edit'

const [file, name, holdMs, backupDir] = process.argv.slice(2)
// When this process's edits ran (first start, last end): under the lock, no two overlap.
let start = 0
let end = 0

editConfigFile(
  file,
  (text) => {
    start ||= Date.now()
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(holdMs))
    end = Date.now()
    return setEntry(text, file, 'mcpServers', name, { command: `/bin/${name}` })
  },
  { create: true, backups: { dir: backupDir } }
).then(
  (r) => process.stdout.write(`${JSON.stringify({ ...r, start, end })}\n`),
  (e: unknown) => {
    process.stderr.write(`${String(e)}\n`)
    process.exitCode = 1
  }
)
