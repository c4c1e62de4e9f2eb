import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { mergeFrontmatter } from '../corpus/frontmatter-merge'
import {
  PROPOSAL_KEYS,
  integratedList,
  parseProposal,
  renamedProposalText,
  renderProposalFile,
  resolutionPatch,
  resolvedFields,
  sourceList,
  statusPatch,
  submittedFields
} from './record'
import type { ProposalFields } from './rules'

const FIELDS: ProposalFields = {
  type: 'correction',
  concerns: 'SSO: reconnexion --- "citée" # dièse',
  content: '  Le corps.\n---\nx: y\n ',
  sources: ['a.md', 'b: c', "l'incident"],
  confidence: 'high',
  submittedBy: 'agent:claude'
}
const AT = new Date('2026-08-30T09:12:00.123Z')
const ID = 'prop-2026-08-30-ab12'

/** The bytes kb_propose wrote before the record existed: the contract's. */
const RENDERED =
  '---\n' +
  'id: prop-2026-08-30-ab12\n' +
  'submitted-by: agent:claude\n' +
  "submitted-at: '2026-08-30T09:12:00Z'\n" +
  'type: correction\n' +
  `concerns: 'SSO: reconnexion --- "citée" # dièse'\n` +
  'sources:\n' +
  '  - a.md\n' +
  '  - "b: c"\n' +
  "  - l'incident\n" +
  'confidence: high\n' +
  'status: pending\n' +
  '---\n' +
  '\n' +
  'Le corps.\n' +
  '---\n' +
  'x: y\n'

/** A hand-edited file: double-quoted date, flow list, comments, a key of its own. */
const HAND =
  '---\n' +
  'id: prop-2026-08-29-bbbb\n' +
  '# déposée à la main\n' +
  'submitted-by: "human:morva"\n' +
  'submitted-at: "2026-08-29T08:00:00Z"\n' +
  'type: observation   # à confirmer\n' +
  'concerns: reconnexion SSO\n' +
  'sources: [ticket-12, "doc: sso.md"]\n' +
  'confidence: medium\n' +
  'status: pending\n' +
  'extra: gardé\n' +
  '---\n' +
  '\n' +
  'Texte.\n'

const frontmatterLines = (text: string): string[] => {
  const end = text.indexOf('\n---', 3)
  return text.slice(0, end + 1).split('\n')
}

describe('the proposal record', () => {
  it('renders the file kb_propose has always written, byte for byte', () => {
    expect(renderProposalFile(ID, FIELDS, AT)).toBe(RENDERED)
  })

  it('parses a rendered file into its typed value, which renders back identical', () => {
    const { record, body } = parseProposal(RENDERED)
    expect(record).toEqual({
      id: ID,
      submittedBy: 'agent:claude',
      submittedAt: '2026-08-30T09:12:00Z',
      type: 'correction',
      concerns: FIELDS.concerns,
      confidence: 'high',
      sources: FIELDS.sources,
      status: 'pending',
      resolution: null,
      resolvedAt: null,
      integratedInto: null,
      rejectionReason: null,
      renamedFrom: null
    })
    if (!record) throw new Error('no record')
    const again = renderProposalFile(
      record.id as string,
      {
        type: FIELDS.type,
        concerns: record.concerns as string,
        content: body,
        sources: sourceList(record),
        confidence: FIELDS.confidence,
        submittedBy: record.submittedBy as string
      },
      new Date(record.submittedAt as string)
    )
    expect(again).toBe(RENDERED)
  })

  it('reads a hand-edited file: quoted date, flow list, comments', () => {
    const { record } = parseProposal(HAND)
    expect(record?.submittedAt).toBe('2026-08-29T08:00:00Z')
    expect(record?.submittedBy).toBe('human:morva')
    expect(record?.type).toBe('observation')
    expect(sourceList(record)).toEqual(['ticket-12', 'doc: sso.md'])
  })

  it('reads CRLF files like LF ones', () => {
    const crlf = HAND.replace(/\n/g, '\r\n')
    expect(parseProposal(crlf).record).toEqual(parseProposal(HAND).record)
  })

  it('is lenient: a malformed file still gives what it can, never an error', () => {
    expect(parseProposal('pas de frontmatter\n')).toEqual({
      record: null,
      data: null,
      body: 'pas de frontmatter\n'
    })
    expect(parseProposal('---\n---\ncorps\n').record).toBeNull()
    expect(parseProposal('---\nid: [non fermé\n---\ncorps\n').record).toBeNull()
    expect(parseProposal('---\n- une\n- liste\n---\n').record).toBeNull()
    expect(parseProposal('---\nid: prop\n').record).toBeNull() // unclosed: no frontmatter at all
    const odd = parseProposal(
      '---\nid: 123\nconfidence: 5\nstatus: true\nconcerns:\n  a: b\nintegrated-into: seul.md\nsources: une.md\n---\n'
    ).record
    expect(odd).toMatchObject({
      id: '123',
      confidence: '5',
      status: 'true',
      concerns: null,
      submittedBy: null,
      integratedInto: 'seul.md'
    })
    expect(integratedList(odd)).toEqual(['seul.md'])
    expect(sourceList(odd)).toEqual(['une.md'])
    expect(integratedList(parseProposal('---\nintegrated-into: [a.md, 3, b.md]\n---\n').record)).toEqual([
      'a.md',
      'b.md'
    ])
    expect(integratedList(null)).toBeNull()
    expect(sourceList(null)).toEqual([])
  })

  it('a resolution sets status, resolution, resolved-at and its outcome, in this order', () => {
    const at = new Date('2026-09-01T10:00:00.500Z')
    expect(Object.entries(resolutionPatch({ resolution: 'accepted', integratedInto: ['a.md'] }, at))).toEqual(
      [
        ['status', 'accepted'],
        ['resolution', 'accepted'],
        ['resolved-at', '2026-09-01T10:00:00Z'],
        ['integrated-into', ['a.md']]
      ]
    )
    expect(Object.entries(resolutionPatch({ resolution: 'rejected', reason: 'doublon' }, at))).toEqual([
      ['status', 'rejected'],
      ['resolution', 'rejected'],
      ['resolved-at', '2026-09-01T10:00:00Z'],
      ['rejection-reason', 'doublon']
    ])
    expect(statusPatch('accepted')).toEqual({ status: 'accepted' })
  })

  it('merged into a file, the patch leaves every other byte as it was (LF and CRLF)', () => {
    const at = new Date('2026-09-01T10:00:00Z')
    for (const eol of ['\n', '\r\n']) {
      const before = HAND.replace(/\n/g, eol)
      const after = mergeFrontmatter(
        before,
        resolutionPatch({ resolution: 'rejected', reason: 'doublon' }, at)
      )
      const kept = frontmatterLines(before.replace(/\r\n/g, '\n')).filter((l) => !l.startsWith('status:'))
      const now = frontmatterLines(after.replace(/\r\n/g, '\n'))
      for (const line of kept) expect(now).toContain(line)
      expect(after.endsWith(`---${eol}${eol}Texte.${eol}`)).toBe(true)
      expect(after.includes('\r\n')).toBe(eol === '\r\n')
      expect(parseProposal(after).record).toMatchObject({
        status: 'rejected',
        resolution: 'rejected',
        resolvedAt: '2026-09-01T10:00:00Z',
        rejectionReason: 'doublon',
        submittedAt: '2026-08-29T08:00:00Z'
      })
    }
  })

  it('reads a resolved file strictly where a blank or non-text value cannot be shown', () => {
    const data = (block: string): Record<string, unknown> | null => parseProposal(`---\n${block}---\n`).data
    expect(resolvedFields(data('rejection-reason: "  "\nresolved-at: 5\n'))).toEqual({
      integratedInto: null,
      rejectionReason: null,
      resolvedAt: null
    })
    expect(resolvedFields(null)).toEqual({ integratedInto: null, rejectionReason: null, resolvedAt: null })
    expect(resolvedFields(data('integrated-into: a.md\nrejection-reason: non\n'))).toEqual({
      integratedInto: 'a.md',
      rejectionReason: 'non',
      resolvedAt: null
    })
  })

  it('names the first submitted field a recovery cannot trust, by its key', () => {
    const data = (text: string): Record<string, unknown> => parseProposal(text).data ?? {}
    expect(submittedFields(data(RENDERED))).toMatchObject({ id: ID, missing: null })
    expect(submittedFields(data(RENDERED.replace('submitted-by: agent:claude\n', '')))).toMatchObject({
      missing: 'submitted-by'
    })
    expect(submittedFields(data(RENDERED.replace('type: correction', 'type: 12')))).toMatchObject({
      missing: 'type'
    })
    expect(submittedFields(data(RENDERED.replace('confidence: high', "confidence: ' '")))).toMatchObject({
      missing: 'confidence'
    })
  })

  it('renames an id in place, adding renamed-from after it', () => {
    const to = 'prop-2026-08-30-ffff'
    expect(renamedProposalText(RENDERED, ID, to)).toBe(
      RENDERED.replace(`id: ${ID}\n`, `id: ${to}\nrenamed-from: ${ID}\n`)
    )
    expect(parseProposal(renamedProposalText(RENDERED, ID, to) as string).record?.renamedFrom).toBe(ID)
    expect(renamedProposalText(RENDERED.replace(`id: ${ID}`, `id: '${ID}'`), ID, to)).toContain(`id: ${to}\n`)
    expect(renamedProposalText('pas de frontmatter', ID, to)).toBeNull()
    expect(renamedProposalText(RENDERED, 'prop-2026-01-01-0000', to)).toBeNull()
  })
})

/**
 * The rule that keeps the format in one place: outside this module, no code names a proposal's
 * frontmatter key. Comments and tests may; so may the contract's own texts, which never quote a
 * key as a whole string nor write a `key:` line.
 */
const SRC = join(__dirname, '..', '..')
const ROOT = join(SRC, '..')
const RECORD = 'src/engine/proposals/record.ts'
const HYPHENATED = Object.values(PROPOSAL_KEYS).filter((k) => k.includes('-'))
const ALL_KEYS = new Set<string>(Object.values(PROPOSAL_KEYS))
/** Names under which the code holds a parsed frontmatter. */
const HOLDERS = /^(meta|data|frontmatter)$/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const abs = join(dir, n)
    if (statSync(abs).isDirectory()) return sourceFiles(abs)
    return /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n) ? [abs] : []
  })
}

function holderName(e: ts.Expression): string | null {
  if (ts.isIdentifier(e)) return e.text
  if (ts.isPropertyAccessExpression(e)) return e.name.text
  return null
}

/** Where `code` names a proposal key, as `line: what`. */
function keyLiterals(fileName: string, code: string, holders = true): string[] {
  const sf = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const at = (n: ts.Node, what: string): void => {
    found.push(`${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}: ${what}`)
  }
  const visit = (n: ts.Node): void => {
    if (ts.isStringLiteralLike(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) {
      const text = n.text
      const key = HYPHENATED.find((k) => text === k || new RegExp(`(^|\\n)${k}:`).test(text))
      if (key) at(n, key)
    }
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'metaString')
      at(n, 'metaString')
    if (
      ts.isElementAccessExpression(n) &&
      ts.isStringLiteralLike(n.argumentExpression) &&
      holders &&
      ALL_KEYS.has(n.argumentExpression.text) &&
      HOLDERS.test(holderName(n.expression) ?? '')
    )
      at(n, n.argumentExpression.text)
    if (
      holders &&
      ts.isPropertyAccessExpression(n) &&
      ALL_KEYS.has(n.name.text) &&
      HOLDERS.test(holderName(n.expression) ?? '')
    )
      at(n, n.name.text)
    ts.forEachChild(n, visit)
  }
  visit(sf)
  return found
}

describe('the proposal format has one home', () => {
  it('the scan finds what it is meant to find', () => {
    expect(
      keyLiterals(
        'x.ts',
        [
          "const a = meta['submitted-by']",
          'const b = data?.status',
          'const c = `renamed-from: ${x}`',
          "const d = metaString(m, 'type')",
          '// integrated-into: a comment may name it',
          "const e = 'le champ `resolved-at` du contrat'"
        ].join('\n')
      )
    ).toEqual(['1: submitted-by', '1: submitted-by', '2: status', '3: renamed-from', '4: metaString'])
  })

  it('no source outside the record module names a frontmatter key', () => {
    const offenders = sourceFiles(SRC)
      .map((abs) => relative(ROOT, abs).split('\\').join('/'))
      .filter((rel) => rel !== RECORD)
      // The renderer reads no file (it gets the HubApi's typed values): its `q.data.id` is a query's.
      .flatMap((rel) =>
        keyLiterals(rel, readFileSync(join(ROOT, rel), 'utf8'), !rel.startsWith('src/renderer/')).map(
          (f) => `${rel}:${f}`
        )
      )
    expect(offenders).toEqual([])
  })
})
