import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import type { Base } from './registry/base'
import { ioError } from './errors'
import type { HubLog } from './hublog'
import { splitFrontmatter } from './corpus/frontmatter'

export interface Governance {
  rulesFile: string
  rulesText: string
  draft: boolean
  schema: { file: string; text: string | null; error: string | null } | null
}

/**
 * `status: draft` in GOVERNANCE.md's frontmatter (case-insensitive) marks rules
 * that are not validated yet. Absent or unknown means stable — a warning, never a
 * state machine.
 */
export function governanceStatus(text: string, where: string, log?: HubLog): 'draft' | 'stable' {
  const fm = splitFrontmatter(text).data
  const raw = fm?.status
  if (raw === undefined || raw === null) return 'stable'
  const v = String(raw).trim().toLowerCase()
  if (v === 'draft') return 'draft'
  if (v !== 'stable')
    log?.warning(
      `${where} : \`status: ${String(raw)}\` non reconnu (attendu draft ou stable) — traité comme stable`
    )
  return 'stable'
}

export function readGovernance(base: Base, log?: HubLog): Governance {
  let rulesText: string
  try {
    rulesText = readFileSync(base.governancePath, 'utf8')
  } catch (e) {
    throw ioError(`GOVERNANCE.md illisible pour la base '${base.name}' : ${(e as Error).message}`)
  }
  let schema: Governance['schema'] = null
  if (base.schemaPath) {
    try {
      schema = {
        file: basename(base.schemaRel ?? base.schemaPath),
        text: readFileSync(base.schemaPath, 'utf8'),
        error: null
      }
    } catch (e) {
      schema = { file: basename(base.schemaRel ?? base.schemaPath), text: null, error: (e as Error).message }
    }
  }
  return {
    rulesFile: basename(base.governanceRel),
    rulesText,
    draft: governanceStatus(rulesText, base.governancePath, log) === 'draft',
    schema
  }
}
