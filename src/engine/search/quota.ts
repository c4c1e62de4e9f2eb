/**
 * Shares a global result cap between bases (seed 000 § Multi-bases): equal shares among the bases
 * that still have results, the remainder to the earliest, each share capped by what the base has,
 * and what a base cannot use redistributed to the others until the cap or the results run out.
 *
 * [10,10],8 → [4,4] · [1,10],8 → [1,7] · [0,5],8 → [0,5] · [5,5],0 → [0,0] · [1,1,10],6 → [1,1,4]
 */
export function allocateQuota(available: number[], total: number): number[] {
  const avail = available.map((a) => Math.max(0, Math.floor(a)))
  const quota = avail.map(() => 0)
  let remaining = Math.max(0, Math.floor(total))
  let active = avail.map((_, i) => i).filter((i) => avail[i] > 0)
  while (remaining > 0 && active.length > 0) {
    const share = Math.floor(remaining / active.length)
    const extra = remaining % active.length
    active.forEach((i, rank) => {
      const give = Math.min(share + (rank < extra ? 1 : 0), avail[i] - quota[i])
      quota[i] += give
      remaining -= give
    })
    active = active.filter((i) => quota[i] < avail[i])
  }
  return quota
}
