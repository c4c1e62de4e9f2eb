import { describe, expect, it } from 'vitest'
import { BudgetedWriter, CHAR_CAP, codePointLength } from './budget'

describe('BudgetedWriter', () => {
  it('caps at 16,000 characters by default', () => {
    expect(new BudgetedWriter().cap).toBe(CHAR_CAP)
    expect(CHAR_CAP).toBe(16000)
  })

  it('refuses a block that does not fit and says so', () => {
    const w = new BudgetedWriter(100)
    expect(w.add('a'.repeat(60))).toBe(true)
    expect(w.add('b'.repeat(60))).toBe(false)
    const out = w.render()
    expect(out).toContain('a'.repeat(60))
    expect(out).not.toContain('b')
    expect(out).toContain('tronqués')
    expect(out).toBe(
      'a'.repeat(60) +
        '\n[résultats tronqués, 1 élément(s) omis — affinez la requête ou réduisez max_results]'
    )
  })

  it('always accepts the first block of an empty writer', () => {
    const w = new BudgetedWriter(10)
    expect(w.add('x'.repeat(500))).toBe(true)
    expect(w.render()).toBe('x'.repeat(500))
    expect(w.truncated).toBe(false)
  })

  it('never retries a smaller block after a truncation', () => {
    const w = new BudgetedWriter(100)
    expect(w.add('a'.repeat(50))).toBe(true)
    expect(w.add('b'.repeat(80))).toBe(false)
    expect(w.add('c')).toBe(false)
    expect(w.add('d')).toBe(false)
    expect(w.dropped).toBe(3)
    expect(w.render((n) => `[omis : ${n}]`)).toBe('a'.repeat(50) + '\n[omis : 3]')
  })

  it('each block costs its length plus the newline', () => {
    const w = new BudgetedWriter(10)
    expect(w.add('abcd')).toBe(true) // 5
    expect(w.add('efgh')).toBe(true) // 10
    expect(w.size).toBe(10)
    expect(w.add('')).toBe(false) // 11
  })

  it('forced blocks are always written and count toward the budget', () => {
    const w = new BudgetedWriter(20)
    w.addForced('h'.repeat(30))
    expect(w.add('x')).toBe(false)
    w.addForced('fin')
    expect(w.render('[note]')).toBe('h'.repeat(30) + '\nfin\n[note]')
  })

  it('alwaysAcceptFirstAdd: the first add passes even after forced headers', () => {
    const w = new BudgetedWriter(20, { alwaysAcceptFirstAdd: true })
    w.addForced('en-tête')
    expect(w.add('r'.repeat(100))).toBe(true)
    expect(w.add('s')).toBe(false)
    expect(w.render('[n]')).toBe('en-tête\n' + 'r'.repeat(100) + '\n[n]')
  })

  it('no note without truncation', () => {
    const w = new BudgetedWriter()
    w.addForced('a')
    w.add('b')
    expect(w.render('[note]')).toBe('a\nb')
  })

  it('counts code points', () => {
    expect(codePointLength('数据库')).toBe(3)
    expect(codePointLength('😀a')).toBe(2)
    const w = new BudgetedWriter(3)
    expect(w.add('😀')).toBe(true) // 2
    expect(w.add('')).toBe(true) // 3
  })
})
