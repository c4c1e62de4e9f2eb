import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The built renderer (out/renderer, made by `npm test`'s pretest build): V8's compile hint heads
 * the chunks whose code runs once loaded — the app and the plan editor — and no other
 * (electron.vite.config.ts, docs/PERFORMANCE.md « Manager UI »). The hint only works as the
 * file's first line; a build change that drops or moves it would silently cost the page load.
 */
const ASSETS = resolve(__dirname, '../out/renderer/assets')
const HINT = '//# allFunctionsCalledOnLoad\n'

describe('renderer build', () => {
  const scripts = readdirSync(ASSETS).filter((n) => n.endsWith('.js'))
  const head = (n: string): string => readFileSync(join(ASSETS, n), 'utf8').slice(0, HINT.length)

  it('heads the app chunk and the plan editor with the compile hint', () => {
    for (const chunk of ['boot', 'PlanScreen']) {
      const files = scripts.filter((n) => n.startsWith(`${chunk}-`))
      expect(files, chunk).toHaveLength(1)
      expect(head(files[0]), chunk).toBe(HINT)
    }
  })

  it('leaves every other chunk lazily compiled (the entry, the screens loaded on demand)', () => {
    const others = scripts.filter((n) => !/^(boot|PlanScreen)-/.test(n))
    expect(others.length).toBeGreaterThan(5)
    for (const n of others) expect(head(n), n).not.toBe(HINT)
  })

  it('keeps the markdown renderer and its sanitiser out of the app chunk: they come with the screens that show documents', () => {
    // A static import from a module of the first screen (the plan's store did, through the plan
    // editor's helpers) puts ~130 KB of markdown-it and DOMPurify back into every start's first script.
    const app = scripts.find((n) => n.startsWith('boot-')) ?? ''
    const text = readFileSync(join(ASSETS, app), 'utf8')
    expect(text).not.toContain(`'markdown-it' preset`)
    expect(text).not.toContain('DOMPurify')
    const withMarkdown = scripts.filter((n) =>
      readFileSync(join(ASSETS, n), 'utf8').includes(`'markdown-it' preset`)
    )
    expect(withMarkdown).toHaveLength(1)
  })

  it('the entry imports the hinted app chunk by its file name', () => {
    const html = readFileSync(resolve(ASSETS, '../index.html'), 'utf8')
    const entry = /src="\.\/assets\/([^"]+\.js)"/.exec(html)?.[1]
    expect(entry).toMatch(/^index-/)
    const app = scripts.find((n) => n.startsWith('boot-'))
    expect(readFileSync(join(ASSETS, entry ?? ''), 'utf8')).toContain(app)
  })
})
