import { join } from 'node:path'
import { mkdirSync } from 'node:fs'
import { CACHE, ROOT, benchHome, compare, connectServer, runProcess, type Options } from '../lib'
import { generateBase } from '../corpus'

const FS_SERVER = join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js')

/** spawn → initialize → tools/list, against a bare `node -e ""` and server-filesystem on the same folder. */
export default async function coldstart(o: Options): Promise<void> {
  const basesDir = join(CACHE, 'coldstart')
  mkdirSync(basesDir, { recursive: true })
  generateBase(basesDir, 'petite', 50, 7)
  const home = benchHome('coldstart', basesDir)
  const ours = async () => {
    const s = await connectServer(home.env)
    await s.client.listTools()
    await s.close()
  }
  await compare(
    'coldstart',
    'okf-hub server → tools/list',
    ours,
    { label: 'node -e ""', fn: () => runProcess(process.execPath, ['-e', '']) },
    o,
    2.5
  )
  await compare(
    'coldstart',
    'okf-hub server → tools/list',
    ours,
    {
      label: 'server-filesystem',
      fn: async () => {
        const s = await connectServer(home.env, process.execPath, [FS_SERVER, basesDir])
        await s.client.listTools()
        await s.close()
      }
    },
    o
  )
}
