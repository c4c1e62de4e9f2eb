/**
 * The output budget of kb_search, kb_list and kb_proposal_status (seed 000 § Plafond de sortie,
 * behaviours §8): ~4,000 tokens, approximated as 16,000 characters (code points).
 *
 * Blocks are joined with `\n`; each costs its length + 1. Forced blocks (headers, notes) are always
 * written and count toward the budget. An `add` that does not fit stops the writer for good: every
 * later `add` is refused without being tried, whatever its size, so what is shown is always a prefix
 * of what was offered — never a smaller, less relevant block slipped in after a bigger one.
 */

export const CHAR_CAP = 16_000

export interface BudgetOptions {
  /**
   * The first `add` is accepted even when it alone exceeds the budget (kb_search: the best result
   * is shown rather than nothing). Without it (the default), only a block arriving in an empty
   * writer is guaranteed, as in the predecessor.
   */
  alwaysAcceptFirstAdd?: boolean
}

/** Length in code points (DESIGN §8: lengths count code points). */
export function codePointLength(s: string): number {
  let n = s.length
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff) n--
  }
  return n
}

export class BudgetedWriter {
  private readonly parts: string[] = []
  private used = 0
  private accepted = 0
  private refused = 0
  private stopped = false

  constructor(
    readonly cap: number = CHAR_CAP,
    private readonly options: BudgetOptions = {}
  ) {}

  /** Characters written so far, separators included. */
  get size(): number {
    return this.used
  }

  /** True once an `add` has been refused. */
  get truncated(): boolean {
    return this.stopped
  }

  /** Number of refused `add` calls. */
  get dropped(): number {
    return this.refused
  }

  /** Appends `block` if it fits; false (and every later `add` false) once one did not. */
  add(block: string): boolean {
    if (this.stopped) {
      this.refused++
      return false
    }
    const cost = codePointLength(block) + 1
    const guaranteed = this.options.alwaysAcceptFirstAdd ? this.accepted === 0 : this.parts.length === 0
    if (!guaranteed && this.used + cost > this.cap) {
      this.stopped = true
      this.refused++
      return false
    }
    this.parts.push(block)
    this.used += cost
    this.accepted++
    return true
  }

  /** Appends `block` whatever the budget (it still counts toward it). */
  addForced(block: string): void {
    this.parts.push(block)
    this.used += codePointLength(block) + 1
  }

  /**
   * The text; when something was refused, followed by the truncation note (`note` receives the
   * number of refused blocks).
   */
  render(note: string | ((dropped: number) => string) = defaultNote): string {
    const text = this.parts.join('\n')
    if (!this.stopped) return text
    const line = typeof note === 'function' ? note(this.refused) : note
    return text === '' ? line : `${text}\n${line}`
  }
}

function defaultNote(dropped: number): string {
  return `[résultats tronqués, ${dropped} élément(s) omis — affinez la requête ou réduisez max_results]`
}
