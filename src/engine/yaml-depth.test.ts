import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { parse } from 'yaml'
import { YAML_MAX_DEPTH, yamlTooDeep } from './yaml-depth'

describe('yamlTooDeep', () => {
  it('refuses bombs of every nesting kind', () => {
    expect(yamlTooDeep(`a: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`)).toBe(true)
    expect(yamlTooDeep(`a: ${'{b: '.repeat(200)}1${'}'.repeat(200)}\n`)).toBe(true)
    expect(yamlTooDeep(Array.from({ length: 300 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n'))).toBe(true)
    expect(yamlTooDeep(`${'- '.repeat(YAML_MAX_DEPTH + 1)}x\n`)).toBe(true)
  })

  it('lets real frontmatter through: lists, maps, quoted brackets, apostrophes, deep-ish but sane', () => {
    const real = [
      'title: "La bière [brassage] et l’amertume"',
      'tags: [houblon, malt, {nom: levure, type: ale}]',
      'sources:',
      '  - session 1',
      '  - - imbriqué',
      '    - encore',
      "auteur: l'équipe",
      `profond: ${'['.repeat(YAML_MAX_DEPTH)}1${']'.repeat(YAML_MAX_DEPTH)}`
    ].join('\n')
    expect(yamlTooDeep(real)).toBe(false)
  })

  it('everything it lets through of generated nesting, the yaml library parses without throwing a RangeError', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.constantFrom('[', '{a: '), (n, open) => {
        const close = open === '[' ? ']' : '}'
        const text = `k: ${open.repeat(n)}1${close.repeat(n)}\n`
        if (yamlTooDeep(text)) return n > YAML_MAX_DEPTH
        expect(() => parse(text)).not.toThrow(RangeError)
        return n <= YAML_MAX_DEPTH
      }),
      { numRuns: 60 }
    )
  })
})
