import { afterAll, describe, expect, it } from 'vitest'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fetchRemote } from '../src/engine/sync/transport'
import { remoteTarget } from '../src/engine/sync/target'
import { git, removeDir } from './helpers/fixtures'
import { pushFromElsewhere, startTeam, type Team } from './helpers/team'

let team: Team | null = null
afterAll(async () => {
  await team?.close()
  if (team) removeDir(team.dir)
})

const packsOf = (root: string): string[] => {
  const dir = join(root, '.git', 'objects', 'pack')
  return existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.pack')) : []
}

describe("a small fetch is exploded into loose objects, as git's fetch.unpackLimit does", () => {
  it('leaves no new pack, every fetched object loose and readable by git', async () => {
    team = await startTeam()
    const hub = team.clone('a')
    const packsBefore = packsOf(hub.root)
    const tip = pushFromElsewhere(
      team,
      'b',
      { 'knowledge/nouveau.md': '# Nouveau\n\nUn document.\n' },
      'nouveau'
    )
    const lookup = await remoteTarget(hub.root)
    if (lookup.kind !== 'ok') throw new Error(lookup.kind)
    expect(await fetchRemote(hub.root, join(hub.root, '.git'), lookup.target, { token: null })).toBe(tip)
    expect(packsOf(hub.root)).toEqual(packsBefore)
    // The commit, its tree and the new blob are loose now.
    expect(existsSync(join(hub.root, '.git', 'objects', tip.slice(0, 2), tip.slice(2)))).toBe(true)
    expect(git(hub.root, 'show', `${tip}:knowledge/nouveau.md`)).toBe('# Nouveau\n\nUn document.\n')
    git(hub.root, 'fsck', '--full', '--no-dangling')
  })
})
