import { describe, it, expect } from 'vitest'
import { splitFrontmatter } from './frontmatter'

describe('splitFrontmatter', () => {
  it('splits a well-formed block (behaviours §7 example)', () => {
    const text = '---\ntitle: Mon titre\ntags: [a]\n---\n\n# Autre\n\ntexte\n'
    const fm = splitFrontmatter(text)
    expect(fm.data).toEqual({ title: 'Mon titre', tags: ['a'] })
    expect(fm.raw).toBe('---\ntitle: Mon titre\ntags: [a]\n---\n')
    expect(fm.inner).toBe('title: Mon titre\ntags: [a]\n')
    expect(fm.body).toBe('\n# Autre\n\ntexte\n')
    expect(fm.body.trimStart().startsWith('# Autre')).toBe(true)
    expect(fm.bodyOffset).toBe(fm.raw?.length)
    expect(text.slice(fm.bodyOffset)).toBe(fm.body)
    expect(fm.bodyStartLine).toBe(5)
  })

  it('keeps the raw block and the body when the YAML is invalid', () => {
    const text = '---\n: : :\n  - [\n---\n\n# Titre\n'
    const fm = splitFrontmatter(text)
    expect(fm.data).toBeNull()
    expect(fm.raw).toBe('---\n: : :\n  - [\n---\n')
    expect(fm.body).toBe('\n# Titre\n')
    expect(fm.bodyStartLine).toBe(5)
  })

  it('gives null data for a frontmatter that is not a mapping', () => {
    expect(splitFrontmatter('---\n- a\n- b\n---\nx\n').data).toBeNull()
    expect(splitFrontmatter('---\njuste du texte\n---\nx\n').data).toBeNull()
    const empty = splitFrontmatter('---\n---\nx\n')
    expect(empty.data).toBeNull()
    expect(empty.raw).toBe('---\n---\n')
    expect(empty.inner).toBe('')
    expect(empty.body).toBe('x\n')
    expect(empty.bodyStartLine).toBe(3)
  })

  it('has no frontmatter without a closing line', () => {
    const text = '---\ntitle: x\n\n# Titre\n'
    const fm = splitFrontmatter(text)
    expect(fm).toEqual({ raw: null, inner: null, data: null, body: text, bodyOffset: 0, bodyStartLine: 1 })
  })

  it('has no frontmatter after a leading blank line', () => {
    const text = '\n---\ntitle: x\n---\nbody\n'
    const fm = splitFrontmatter(text)
    expect(fm.raw).toBeNull()
    expect(fm.data).toBeNull()
    expect(fm.body).toBe(text)
    expect(fm.bodyStartLine).toBe(1)
  })

  it('has no frontmatter when the first line is not exactly ---', () => {
    expect(splitFrontmatter('----\ntitle: x\n---\n').raw).toBeNull()
    expect(splitFrontmatter('--- x\ntitle: x\n---\n').raw).toBeNull()
    expect(splitFrontmatter('---').raw).toBeNull()
    expect(splitFrontmatter('').body).toBe('')
  })

  it('handles CRLF line endings and delimiters with trailing spaces', () => {
    const text = '---\r\ntitle: Titre CRLF\r\n---  \r\n\r\n# Corps\r\n'
    const fm = splitFrontmatter(text)
    expect(fm.data).toEqual({ title: 'Titre CRLF' })
    expect(fm.raw).toBe('---\r\ntitle: Titre CRLF\r\n---  \r\n')
    expect(fm.body).toBe('\r\n# Corps\r\n')
    expect(fm.bodyStartLine).toBe(4)
  })

  it('closes at the first later --- line', () => {
    const fm = splitFrontmatter('---\na: 1\n---\nb\n---\nc\n')
    expect(fm.data).toEqual({ a: 1 })
    expect(fm.body).toBe('b\n---\nc\n')
  })

  it('accepts a closing line at the very end of the text', () => {
    const fm = splitFrontmatter('---\na: 1\n---')
    expect(fm.raw).toBe('---\na: 1\n---')
    expect(fm.body).toBe('')
    expect(fm.bodyOffset).toBe(12)
  })

  it('keeps dates as the strings the author wrote (YAML 1.2 core schema)', () => {
    const fm = splitFrontmatter(
      '---\nlast-verified: 2026-01-15\ncreated: 2025-12-01T10:00:00Z\non: yes\n---\n'
    )
    expect(fm.data).toEqual({ 'last-verified': '2026-01-15', created: '2025-12-01T10:00:00Z', on: 'yes' })
    expect(typeof fm.data?.['last-verified']).toBe('string')
  })

  it('tolerates duplicate keys, the last one winning', () => {
    expect(splitFrontmatter('---\ntitle: a\ntitle: b\n---\n').data).toEqual({ title: 'b' })
  })
})
