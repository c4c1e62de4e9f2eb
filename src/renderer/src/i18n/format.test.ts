import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { en } from './en'
import { fr } from './fr'
import { formatters } from './format'

async function tFor(lng: 'en' | 'fr') {
  const i = createInstance()
  await i.init({
    resources: { en: { translation: en }, fr: { translation: fr } },
    lng,
    interpolation: { escapeValue: false }
  })
  return i.getFixedT(lng)
}

const NOW = Date.parse('2026-12-03T12:00:00Z')
const ago = (secs: number) => new Date(NOW - secs * 1000).toISOString()

describe('relative times from the translations', () => {
  it('says every unit, past and future, in both languages with their plurals', async () => {
    const f = formatters('en-GB', await tFor('en'))
    const fFr = formatters('fr-FR', await tFor('fr'))
    const cases: [number, string, string][] = [
      [0, 'just now', 'à l’instant'],
      [1, '1 second ago', 'il y a 1 seconde'],
      [45, '45 seconds ago', 'il y a 45 secondes'],
      [60, '1 minute ago', 'il y a 1 minute'],
      [3 * 3600, '3 hours ago', 'il y a 3 heures'],
      [86_400, 'yesterday', 'hier'],
      [2 * 86_400, '2 days ago', 'il y a 2 jours'],
      [14 * 86_400, '2 weeks ago', 'il y a 2 semaines'],
      [90 * 86_400, '3 months ago', 'il y a 3 mois'],
      [800 * 86_400, '2 years ago', 'il y a 2 ans'],
      [-86_400, 'tomorrow', 'demain'],
      [-5 * 60, 'in 5 minutes', 'dans 5 minutes']
    ]
    for (const [secs, english, french] of cases) {
      expect(f.relative(ago(secs), NOW), String(secs)).toBe(english)
      expect(fFr.relative(ago(secs), NOW), String(secs)).toBe(french)
    }
  })

  it('agrees with Intl.RelativeTimeFormat on the unit and the number it chooses', async () => {
    const f = formatters('en-US', await tFor('en'))
    const rtf = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' })
    const sizes: [Intl.RelativeTimeFormatUnit, number][] = [
      ['year', 365 * 86_400],
      ['month', 30 * 86_400],
      ['week', 7 * 86_400],
      ['day', 86_400],
      ['hour', 3600],
      ['minute', 60],
      ['second', 1]
    ]
    for (const secs of [2, 59, 61, 3599, 7200, 2 * 86_400 + 5, 20 * 86_400, 200 * 86_400, 4000 * 86_400]) {
      const [unit, size] = sizes.find(([, s]) => secs >= s) ?? sizes[sizes.length - 1]
      expect(f.relative(ago(secs), NOW)).toBe(rtf.format(-Math.round(secs / size), unit))
    }
  })

  it('an unreadable date is no text at all', async () => {
    const f = formatters('en', await tFor('en'))
    expect(f.relative('pas une date', NOW)).toBeNull()
    expect(f.relative(null, NOW)).toBeNull()
  })
})

describe('sizes', () => {
  it('writes bytes out, with the plural, and kB / MB short, in both languages', async () => {
    const f = formatters('en-GB', await tFor('en'))
    const fFr = formatters('fr-FR', await tFor('fr'))
    expect(f.bytes(368)).toBe('368 bytes')
    expect(f.bytes(1)).toBe('1 byte')
    expect(fFr.bytes(368).replace(/\s/g, ' ')).toBe('368 octets')
    expect(f.bytes(1536)).toBe('1.5 kB')
    expect(fFr.bytes(1536).replace(/\s/g, ' ')).toBe('1,5 ko')
  })
})
