/**
 * Insights (issue 29 §2–3): what agents could not find in a base, and what they read. Printed by
 * `okf-hub insights --json` and shown by the app's Insights tab. Queries are an agent's text:
 * untrusted, shown as plain text only.
 */

export type GapStatus = 'open' | 'closed' | 'dismissed'

/** Why a search counts as a gap (signals.ts says how each is judged). */
export type GapSignal = 'no-result' | 'partial' | 'reformulated' | 'unread'

/** What closed a topic: the base's commit when its queries were first seen answered. */
export interface GapClosure {
  /** The resolution (or synced) commit; null when the base has no commit to name. */
  commit: string | null
  /** ISO time the closure was seen. */
  at: string
}

export interface GapTopic {
  id: string
  status: GapStatus
  /** Distinct queries, most asked first (at most 20). */
  queries: string[]
  /** Gap searches in the topic. */
  count: number
  /** Distinct MCP sessions that hit the gap. */
  sessions: number
  /** ISO times of the first and last gap search. */
  firstSeen: string
  lastSeen: string
  signals: Record<GapSignal, number>
  /** Documents shown to those searches, most shown first (at most 5). */
  documents: string[]
  closedBy?: GapClosure
  /** ISO time the manager said "not for this base". */
  dismissedAt?: string
}

export interface ReadCount {
  path: string
  reads: number
  sessions: number
}

export interface SectionReadCount {
  path: string
  section: string
  reads: number
}

export interface SubmitterCount {
  submitter: string
  pending: number
  accepted: number
  rejected: number
}

export interface Insights {
  base: string
  generatedAt: string
  /** The journal events read for this base, and the oldest one's time (null: none). */
  journal: { events: number; since: string | null }
  /** Open gaps first, ranked by sessions; then closed, then dismissed (the 200 most hit topics). */
  gaps: GapTopic[]
  /** Topics found in all, listed or not. */
  gapTopics: number
  mostRead: ReadCount[]
  mostReadSections: SectionReadCount[]
  /** Documents no agent read in the last `days` days (at most 50 listed, `total` in all). */
  unread: { days: number; total: number; paths: string[] }
  proposalsBySubmitter: SubmitterCount[]
  /** Filing to decision, over the decided proposals that carry both dates. */
  decisionTime: { decided: number; medianHours: number | null; meanHours: number | null }
}
