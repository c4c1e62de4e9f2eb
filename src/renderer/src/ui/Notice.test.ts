import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AlertTriangle } from 'lucide-react'
import { Notice, type NoticeProps } from './Notice'

const html = (props: NoticeProps): string => renderToStaticMarkup(createElement(Notice, props))

describe('Notice', () => {
  it('a titled notice: tone, role, icon hidden from screen readers, title then body', () => {
    const s = html({
      tone: 'warning',
      icon: AlertTriangle,
      role: 'note',
      testId: 'n',
      title: 'La base a changé',
      children: createElement('p', null, 'Prévisualisez à nouveau.')
    })
    expect(s).toMatch(/^<div class="notice notice-warning" data-testid="n" role="note">/)
    const svg = /<svg[^>]*>/.exec(s)?.[0] ?? ''
    expect(svg).toContain('aria-hidden="true"')
    expect(svg).toMatch(/class="[^"]*notice-icon"/)
    expect(svg).toContain('width="18"')
    expect(s).toContain(
      '<div class="notice-body"><p class="notice-title">La base a changé</p><p>Prévisualisez à nouveau.</p></div>'
    )
  })

  it('a heading: a section named by it, at the level asked', () => {
    const s = html({
      tone: 'success',
      icon: null,
      heading: { level: 'h2', id: 'done' },
      title: 'Fait',
      aside: 'x'
    })
    expect(s).toBe(
      '<section class="notice notice-success" aria-labelledby="done"><div class="notice-body"><h2 id="done" class="notice-title">Fait</h2></div>x</section>'
    )
    expect(s).not.toContain('role=')
  })

  it('compact and strong, no tone, no icon, and the data attributes the error words key on', () => {
    const s = html({
      compact: true,
      strong: true,
      icon: null,
      role: null,
      title: 't',
      data: { 'data-error-kind': 'stale-preview' }
    })
    expect(s).toBe(
      '<div class="notice notice-compact notice-strong" data-error-kind="stale-preview"><div class="notice-body"><p class="notice-title">t</p></div></div>'
    )
  })

  it('the tone gives the icon and the role unless told otherwise; null means none', () => {
    const success = html({ tone: 'success', title: 'Fait' })
    expect(success).toMatch(/^<div class="notice notice-success" role="status"><svg[^>]*lucide-circle-check/)
    const error = html({ tone: 'error', title: 'Échec' })
    expect(error).toMatch(/^<div class="notice notice-error" role="alert"><svg[^>]*lucide-triangle-alert/)
    expect(html({ tone: 'warning', title: 'w' })).toMatch(
      /^<div class="notice notice-warning" role="note"><svg/
    )
    expect(html({ title: 'plain' })).toMatch(/^<div class="notice" role="note"><svg[^>]*lucide-info/)
    const bare = html({ tone: 'info', icon: null, role: null, title: 'i' })
    expect(bare).toBe(
      '<div class="notice notice-info"><div class="notice-body"><p class="notice-title">i</p></div></div>'
    )
  })
})
