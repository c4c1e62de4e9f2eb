import { describe, expect, it } from 'vitest'
import { runSoak } from '../bench/soak-lib'
import { RSS_LIMIT_MB, verdict } from '../bench/soak'

/**
 * The soak's short version (`npm run soak` runs it for 10 minutes): 30 s of mixed traffic against
 * three real stdio MCP servers and a real `okf-hub ui`, over a base cloned from a remote behind
 * `git http-backend`, with a resolution and a sync (after someone else pushed) every 10 s. The
 * audit is the full one: every proposal exactly once (worktree and remote), every resolved one in
 * exactly two commits on both, `git fsck --strict` clean, no unexpected error, each process's
 * peak RSS under 150 MB. Flatness is not judged in 30 s: the warm-up minute alone is that long.
 * The run goes on past its 30 s until the resolution and the syncs it checks were made (issue 28:
 * under two busy cores the first resolution had found nothing pending yet, and the test failed).
 */
describe('soak, short version', () => {
  it('30 s of mixed concurrent traffic: audit clean, no error, every RSS peak under 150 MB', async () => {
    // However busy the machine, the run ends only once it resolved (one accepted, one rejected)
    // and synced twice after a colleague's push: the verdict never depends on the machine's speed.
    const r = await runSoak({
      durationMs: 30_000,
      resolveEveryMs: 10_000,
      syncEveryMs: 10_000,
      atLeast: { resolutions: 1, syncs: 2, graceMs: 60_000 }
    })
    expect(verdict(r)).toEqual([])
    expect(r.errors).toEqual([])
    expect(r.audit).toEqual([])
    expect(r.proposals.filed).toBeGreaterThan(0)
    expect(r.proposals.accepted).toBeGreaterThan(0)
    expect(r.proposals.rejected).toBeGreaterThan(0)
    for (const op of ['kb_search', 'kb_read', 'kb_list', 'kb_proposal_status', 'kb_propose'])
      expect(r.operations[op], op).toBeGreaterThan(0)
    expect(r.operations['ui:resolvePlan']).toBeGreaterThanOrEqual(1)
    // At least two syncs after a colleague's push, plus the final one.
    expect(r.operations['ui:sync']).toBeGreaterThanOrEqual(3)
    expect(r.rss.map((s) => s.label)).toEqual(['mcp-1', 'mcp-2', 'mcp-3', 'ui'])
    for (const s of r.rss) {
      expect(s.samples.length, s.label).toBeGreaterThan(10)
      expect(s.peakMb, s.label).toBeLessThan(RSS_LIMIT_MB)
    }
  }, 180_000)
})
