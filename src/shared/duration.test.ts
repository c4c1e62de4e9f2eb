import { describe, expect, it } from 'vitest'
import { formatDuration as format } from './duration'

// Intl separates with a no-break space in French; compared with plain spaces.
const formatDuration = (h: number, locale: string): string =>
  format(h, locale).replace(/[\u00a0\u202f]/g, ' ')

describe('formatDuration', () => {
  it('says seconds under a minute, minutes under an hour, hours under two days, days beyond (found by exploratory QA: « median 0 h »)', () => {
    expect(formatDuration(3 / 60, 'en')).toBe('3 minutes')
    expect(formatDuration(0.001, 'en')).toBe('4 seconds')
    expect(formatDuration(1 / 60, 'en')).toBe('1 minute')
    expect(formatDuration(5.25, 'en')).toBe('5.3 hours')
    expect(formatDuration(72, 'en')).toBe('3 days')
    expect(formatDuration(3 / 60, 'fr')).toBe('3 minutes')
    expect(formatDuration(1.5, 'fr')).toBe('1,5 heure')
    expect(formatDuration(60, 'fr')).toBe('2,5 jours')
  })
})
