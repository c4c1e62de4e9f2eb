import { describe, expect, it } from 'vitest'
import {
  DESCRIPTION_MAX_CHARS,
  NAMES_BLOCK_MAX_CHARS,
  describeWithBases,
  firstSentence,
  type ListedBase
} from './bases-block'

const HEAD = 'Liste les bases.'
const base = (i: number, description = 'Première phrase. Seconde phrase bien plus longue. '.repeat(4)) => ({
  name: `b-${String(i).padStart(4, '0')}`,
  title: `Base ${i}`,
  description
})
const many = (n: number, d?: string): ListedBase[] => Array.from({ length: n }, (_, i) => base(i, d))

describe('tool descriptions within a budget', () => {
  it('keeps the contract text byte for byte while the listing fits', () => {
    const bases = many(3)
    const r = describeWithBases(HEAD, 'Bases connues', bases)
    expect(r.step).toBe('full')
    expect(r.text).toBe(
      `${HEAD}\n\nBases connues :\n` +
        bases.map((b) => `- ${b.name} — ${b.title} : ${b.description}`).join('\n')
    )
    expect(describeWithBases(HEAD, 'Bases connues', []).text).toBe(
      `${HEAD} Aucune base n'est actuellement enregistrée.`
    )
  })

  it('cuts purposes to their first sentence, then titles, then names, always with the count and kb_list', () => {
    const first = describeWithBases(HEAD, 'Bases connues', many(20))
    expect(first.step).toBe('first-sentence')
    expect(first.text).toContain('Bases connues (20 ;')
    expect(first.text.endsWith('- b-0019 — Base 19 : Première phrase.')).toBe(true)
    expect(first.text).not.toContain('Seconde phrase')

    const titles = describeWithBases(HEAD, 'Bases connues', many(120))
    expect(titles.step).toBe('titles')
    expect(titles.text).toContain(
      'Bases connues (120 ; titres seuls, objets : kb_list) :\n- b-0000 — Base 0\n'
    )
    expect(titles.text.endsWith('- b-0119 — Base 119')).toBe(true)

    const names = describeWithBases(HEAD, 'Bases connues', many(1000))
    expect(names.step).toBe('names')
    expect(names.text.length - HEAD.length).toBeLessThanOrEqual(NAMES_BLOCK_MAX_CHARS)
    expect(names.text).toMatch(
      /Bases connues \(1000 ; noms seuls\) : b-0000, b-0001, .* … et \d+ autres bases : kb_list$/
    )
    const shown = names.text.split(' : ')[1].split(' … ')[0].split(', ').length
    expect(names.text).toContain(`… et ${1000 - shown} autres bases : kb_list`)
  })

  it('never exceeds the per-tool ceiling, whatever the bases say', () => {
    const huge = [{ name: 'seule', title: 'T'.repeat(5000), description: 'D'.repeat(9000) }]
    for (const bases of [huge, many(5, 'x'.repeat(3000)), many(10000)]) {
      const r = describeWithBases('H'.repeat(900), 'Bases disponibles', bases)
      expect(r.text.length).toBeLessThanOrEqual(DESCRIPTION_MAX_CHARS)
      expect(r.text).toContain(`(${bases.length} ;`)
    }
    expect(describeWithBases(HEAD, 'L', huge).text).toMatch(
      /\(1 ; noms seuls, titres et objets : kb_list\) : seule$/
    )
  })

  it('finds a first sentence', () => {
    expect(firstSentence('Un. Deux.')).toBe('Un.')
    expect(firstSentence('v1.2 reste entier ! Puis.')).toBe('v1.2 reste entier !')
    expect(firstSentence('Sans point')).toBe('Sans point')
  })
})
