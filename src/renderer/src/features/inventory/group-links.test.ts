import type { i18n } from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import { describeLink } from '../../../../engine/review/group'
import type { GroupLink } from '../../../../shared/review'
import { linkText } from './group-links'
import { wordsForTests } from '../../i18n/for-tests'

const links: GroupLink[] = [
  { kind: 'similar-concerns', a: 'p-1', b: 'p-2', similarity: 2 / 3 },
  { kind: 'same-document', document: 'guides/sso.md', ids: ['p-1', 'p-3'] },
  { kind: 'more', count: 1 },
  { kind: 'more', count: 4 }
]

describe('linkText', () => {
  let i18n: i18n
  beforeAll(async () => {
    i18n = await wordsForTests()
  })
  const words = (lng: string, locale: string): string[] => {
    const nf = new Intl.NumberFormat(locale)
    return links.map((l) => linkText(i18n.getFixedT(lng), (n) => nf.format(n), l))
  }

  it('words each link in English', () => {
    expect(words('en', 'en-US')).toEqual([
      'similar concerns: p-1 ~ p-2 (similarity 0.67)',
      'concern the same document: guides/sso.md (p-1, p-3)',
      '… and 1 more link',
      '… and 4 more links'
    ])
  })

  it('in French, says what the engine says, with the locale’s decimal comma', () => {
    const engine = links.map(describeLink).map((s) => s.replace('0.67', '0,67'))
    expect(words('fr', 'fr-FR')).toEqual(engine)
  })
})
