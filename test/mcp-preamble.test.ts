import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { connect, hubEnv, type Connected } from './helpers/mcp'

/**
 * Issue 29 item 4: every `§` label kb_search prints reads back with kb_read — `§ (préambule)`
 * included (the text before the first heading, frontmatter included), through the real server.
 */
describe('MCP server — § (préambule) reads back', () => {
  let dir: string
  let s: Connected

  beforeAll(async () => {
    dir = tempDir()
    makeBundle(dir, 'alpha', {
      files: {
        'knowledge/intro.md':
          '---\ntitle: Guide\ntags: [zephyr-tag]\n---\n\nUn mot-preambule avant tout titre.\n\n\n# Premier titre\n\nCorps sans le mot.\n',
        'knowledge/sans-titre.md': 'Note libre : mot-sans-titre.\nDeuxième ligne.\n',
        'knowledge/titre-d-abord.md': '# Titre\n\nmot-titre-seul\n',
        'knowledge/homonyme.md': '# (préambule)\n\nmot-homonyme sous un heading de ce nom\n',
        'knowledge/html.md':
          '# Titre\n\n## <img src=x onerror=alert(2)>\n\nmot-sous-html.\n\n## Suite\n\nautre.\n'
      }
    })
    s = await connect(hubEnv(dir))
  })

  afterAll(async () => {
    await s?.close()
    removeDir(dir)
  })

  const labelOf = (out: string): string => /L\d+-\d+ § (.+)/.exec(out)![1]

  it('a hit before the first heading prints § (préambule), and kb_read of that label returns it', async () => {
    const out = await s.text('kb_search', { base: 'alpha', query: 'mot-preambule' })
    expect(labelOf(out)).toBe('(préambule)')
    const sec = await s.text('kb_read', { base: 'alpha', path: 'intro.md', section: '(préambule)' })
    expect(sec).toBe(
      '# intro.md — section « (préambule) »\n\n---\ntitle: Guide\ntags: [zephyr-tag]\n---\n\nUn mot-preambule avant tout titre.'
    )
  })

  it('a hit inside the frontmatter is labelled (préambule) too, and reads back with the frontmatter', async () => {
    const out = await s.text('kb_search', { base: 'alpha', query: 'zephyr-tag' })
    expect(labelOf(out)).toBe('(préambule)')
    const sec = await s.text('kb_read', { base: 'alpha', path: 'intro.md', section: labelOf(out) })
    expect(sec).toContain('tags: [zephyr-tag]')
    expect(sec).not.toContain('Premier titre')
  })

  it('accents, case and spaces aside, like every label; a document without heading reads whole', async () => {
    const sec = await s.text('kb_read', { base: 'alpha', path: 'intro.md', section: ' (PREAMBULE) ' })
    expect(sec).toContain('Un mot-preambule avant tout titre.')
    const out = await s.text('kb_search', { base: 'alpha', query: 'mot-sans-titre' })
    expect(labelOf(out)).toBe('(préambule)')
    const whole = await s.text('kb_read', { base: 'alpha', path: 'sans-titre.md', section: '(préambule)' })
    expect(whole).toBe(
      '# sans-titre.md — section « (préambule) »\n\nNote libre : mot-sans-titre.\nDeuxième ligne.'
    )
  })

  it('a document that opens on a heading has no preamble: NOT_FOUND listing its headings', async () => {
    const r = await s.call('kb_read', { base: 'alpha', path: 'titre-d-abord.md', section: '(préambule)' })
    expect(r.isError).toBe(true)
    expect(r.text).toContain("section '(préambule)' introuvable dans 'titre-d-abord.md'")
  })

  it('a heading made only of HTML: a label that is its text, and kb_read reaches it by it (found by exploratory QA: § was printed empty)', async () => {
    const out = await s.text('kb_search', { base: 'alpha', query: 'mot-sous-html' })
    expect(labelOf(out)).toBe('<img src=x onerror=alert(2)>')
    const sec = await s.text('kb_read', { base: 'alpha', path: 'html.md', section: labelOf(out) })
    expect(sec).toBe(
      '# html.md — section « <img src=x onerror=alert(2)> »\n\n## <img src=x onerror=alert(2)>\n\nmot-sous-html.'
    )
  })

  it('a heading titled « (préambule) » keeps its label', async () => {
    const sec = await s.text('kb_read', { base: 'alpha', path: 'homonyme.md', section: '(préambule)' })
    expect(sec).toContain('mot-homonyme sous un heading de ce nom')
  })
})
