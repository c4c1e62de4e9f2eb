import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Base } from '../registry/base'
import type { HubLog } from '../hublog'
import { readGovernance } from '../governance'
import { listDocuments } from '../corpus/paths'
import { splitFrontmatter } from '../corpus/frontmatter'
import { documentTitle, parseHeadings } from '../corpus/markdown'
import { proposalFiles } from '../proposals/store'
import type { CorpusDocument, ReviewContext } from '../../shared/review'
import { freshnessFields } from './freshness'

/** Documents listed with their title; beyond, the context says how many were left out. */
export const CONTEXT_MAX_DOCUMENTS = 300

export function documentTitleOf(abs: string): string | null {
  try {
    const text = readFileSync(abs, 'utf8')
    return documentTitle(splitFrontmatter(text).data, parseHeadings(text))
  } catch {
    return null
  }
}

/** `okf-hub review context`: what a manager reads before judging anything (step 1 of the review). */
export function reviewContext(base: Base, opts: { log?: HubLog } = {}): ReviewContext {
  const gov = readGovernance(base, opts.log)
  const all = listDocuments(base)
  const documents: CorpusDocument[] = all.slice(0, CONTEXT_MAX_DOCUMENTS).map((path) => ({
    path,
    title: documentTitleOf(join(base.corpusDir, ...path.split('/')))
  }))
  return {
    base: base.name,
    title: base.title,
    root: base.root,
    corpusDir: base.corpusDir,
    draft: gov.draft,
    governance: { file: gov.rulesFile, text: gov.rulesText },
    schema: gov.schema,
    freshnessFields: freshnessFields(base),
    documents,
    counts: {
      documents: all.length,
      pending: proposalFiles(base, 'pending').length,
      accepted: proposalFiles(base, 'accepted').length,
      rejected: proposalFiles(base, 'rejected').length
    }
  }
}
