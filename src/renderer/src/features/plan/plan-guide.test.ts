import { describe, expect, it } from 'vitest'
import type { ProposalState } from '../../../../shared/hub-api'
import type { ResolutionPlan } from '../../../../shared/review'
import { editMode, toEnginePlan } from './plan'
import { applyAppend, applySectionEdit, switchMode } from './edit-modes'
import {
  blankEdit,
  hasManagerWork,
  proposalsOfEdit,
  staleCards,
  suggestionsFor,
  withEdit,
  withPath,
  type DraftEdit
} from './plan-guide'

const DOC = [
  '---',
  'title: SSO',
  '---',
  '',
  '# Procédure SSO',
  '',
  'Préambule.',
  '',
  '## Reconnexion',
  '',
  'Ancien texte.',
  '',
  '',
  '## Déconnexion',
  '',
  'Quitter.',
  ''
].join('\n')

const A = 'prop-2026-12-04-aaaa'
const B = 'prop-2026-12-04-bbbb'

const plan = (over: Partial<ResolutionPlan> = {}): ResolutionPlan => ({
  summary: '',
  reviewed_by: '',
  resolutions: [
    { id: A, resolution: 'accepted', integrated_into: [] },
    { id: B, resolution: 'rejected', reason: '' }
  ],
  edits: [],
  ...over
})

describe('switching the kind of change never loses the text', () => {
  it('a section applied to the whole current document, the rest byte for byte', () => {
    const out = applySectionEdit(DOC, 'Reconnexion', '## Reconnexion\n\nNouveau texte.\n')
    expect(out).toBe(DOC.replace('Ancien texte.', 'Nouveau texte.'))
    // Compared as the engine does: case and accents do not matter.
    expect(applySectionEdit(DOC, 'deconnexion', '## Déconnexion\n\nSortir.')).toBe(
      DOC.replace('Quitter.', 'Sortir.')
    )
    expect(applySectionEdit(DOC, 'Inexistante', '## X')).toBeNull()
  })

  it('section → whole document: the whole current document with the section edit applied', () => {
    const e = { path: 'sso.md', section: 'Reconnexion', content: '## Reconnexion\n\nNouveau texte.' }
    const whole = switchMode(e, 'whole', DOC)
    expect(editMode(whole)).toBe('whole')
    expect(whole.content).toBe(DOC.replace('Ancien texte.', 'Nouveau texte.'))
    // A section not chosen yet: the whole document as it is, to edit.
    expect(switchMode({ path: 'sso.md', section: '', content: '' }, 'whole', DOC).content).toBe(DOC)
  })

  it('append → whole document: the current document with the addition at its end', () => {
    const whole = switchMode({ path: 'sso.md', append: 'Ajout.' }, 'whole', DOC)
    expect(whole.content).toBe(applyAppend(DOC, 'Ajout.'))
    expect(whole.content?.endsWith('Quitter.\n\nAjout.\n')).toBe(true)
  })

  it('whole document → section or append: an unchanged document carries nothing, an addition is kept', () => {
    expect(switchMode({ path: 'sso.md', content: DOC }, 'section', DOC)).toEqual({
      path: 'sso.md',
      section: '',
      content: ''
    })
    expect(switchMode({ path: 'sso.md', content: `${DOC}\nAjout.\n` }, 'append', DOC).append).toBe('Ajout.\n')
    // A rewritten document is the manager's text: kept as typed.
    expect(switchMode({ path: 'sso.md', content: 'Tout autre.' }, 'section', DOC).content).toBe('Tout autre.')
  })

  it('frontmatter only sets the text aside, out of the engine plan, and gives it back', () => {
    const e = {
      path: 'sso.md',
      section: 'Reconnexion',
      content: '## Reconnexion\n\nX.',
      for: A
    } as DraftEdit
    const fm = switchMode(e, 'frontmatter', DOC)
    expect(editMode(fm)).toBe('frontmatter')
    const sent = toEnginePlan(plan({ edits: [{ ...fm, frontmatter: { statut: 'valide' } }] })).edits[0]
    expect(sent).toEqual({ path: 'sso.md', frontmatter: { statut: 'valide' } })
    expect(switchMode(fm, 'section', DOC)).toEqual(e)
  })
})

describe('the kind of change follows the path while nothing is typed', () => {
  it('a path that does not exist is a creation; an existing one a section', () => {
    expect(editMode(blankEdit('nouveau.md', false))).toBe('whole')
    expect(editMode(blankEdit('sso.md', true))).toBe('section')
    const created = withPath(blankEdit('', false, A), 'nouveau.md', false)
    expect(editMode(created)).toBe('whole')
    expect((created as DraftEdit).for).toBe(A)
    expect(editMode(withPath(created, 'sso.md', true))).toBe('section')
  })

  it('an edit with text keeps its kind whatever the path', () => {
    const typed = { path: 'sso.md', section: 'Reconnexion', content: '## Reconnexion\n\nX.' }
    expect(withPath(typed, 'autre.md', false)).toEqual({ ...typed, path: 'autre.md' })
  })
})

describe('each proposal its own documents', () => {
  it('suggests its likely documents and the documents of its own edits, not the others', () => {
    const p = plan({
      resolutions: [
        { id: A, resolution: 'accepted', integrated_into: [] },
        { id: B, resolution: 'accepted', integrated_into: [] }
      ],
      edits: [
        { path: 'a.md', content: 'x', for: A } as DraftEdit,
        { path: 'b.md', content: 'y', for: B } as DraftEdit
      ]
    })
    expect(suggestionsFor(p, p.resolutions[0], ['likely-a.md'])).toEqual(['likely-a.md', 'a.md'])
    expect(suggestionsFor(p, p.resolutions[1], [])).toEqual(['b.md'])
    expect(proposalsOfEdit(p, p.edits[1])).toEqual([B])
  })

  it('an edit nobody claimed belongs to the plan’s only acceptance', () => {
    const p = plan({ edits: [{ path: 'c.md', append: 'z' }] })
    expect(suggestionsFor(p, p.resolutions[0], [])).toEqual(['c.md'])
  })
})

describe('stale cards', () => {
  const resolved = (id: string): ProposalState => ({
    id,
    status: 'accepted',
    concerns: null,
    resolvedAt: '2026-12-05T08:30:00Z',
    reviewer: 'human:bob',
    commit: 'c'.repeat(40)
  })

  it('a card resolved elsewhere leaves by itself only when the manager has not worked on it', () => {
    const p = plan({
      resolutions: [
        { id: A, resolution: 'accepted', integrated_into: [] },
        { id: B, resolution: 'rejected', reason: 'doublon' }
      ]
    })
    expect(hasManagerWork(p, p.resolutions[0])).toBe(false)
    expect(hasManagerWork(p, p.resolutions[1])).toBe(true)
    const pending: ProposalState = { ...resolved(A), status: 'pending', resolvedAt: null, reviewer: null }
    expect(staleCards(p, { [A]: pending })).toEqual([])
    expect(
      staleCards(p, { [A]: resolved(A), [B]: resolved(B) }).map((s) => [s.resolution.id, s.leaves])
    ).toEqual([
      [A, true],
      [B, false]
    ])
    // An edit written for it is work too.
    const edited = plan({ edits: [{ path: 'a.md', content: 'x', for: A } as DraftEdit] })
    expect(hasManagerWork(edited, edited.resolutions[0])).toBe(true)
  })
})

describe('the « integrated into » tick follows the path of the change opened for it', () => {
  it('moves with the path while no other change edits the old one; stays otherwise', () => {
    const opened = blankEdit('--dash.md', true, A)
    const p = plan({
      resolutions: [{ id: A, resolution: 'accepted', integrated_into: ['--dash.md'] }],
      edits: [opened]
    })
    const moved = withEdit(p, 0, withPath(opened, 'sso.md', true))
    expect(moved.resolutions[0].integrated_into).toEqual(['sso.md'])
    expect(moved.edits[0].path).toBe('sso.md')
    // Another change still edits the old path: the tick stays.
    const two = plan({ ...p, edits: [opened, { path: '--dash.md', append: 'x' }] })
    expect(withEdit(two, 0, withPath(opened, 'sso.md', true)).resolutions[0].integrated_into).toEqual([
      '--dash.md'
    ])
    // A change not opened from a proposal moves nothing.
    const free = plan({ ...p, edits: [{ path: '--dash.md', section: '', content: '' }] })
    expect(
      withEdit(free, 0, { path: 'sso.md', section: '', content: '' }).resolutions[0].integrated_into
    ).toEqual(['--dash.md'])
  })
})
