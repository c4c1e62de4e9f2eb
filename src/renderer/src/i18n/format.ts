import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { formatDuration } from '../../../shared/duration'

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second'
const UNITS: [Unit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1]
]

export interface Formatters {
  locale: string
  /** "3 days ago" / "il y a 3 jours". */
  relative(iso: string | null, now?: number): string | null
  date(iso: string | null): string | null
  dateTime(iso: string | null): string | null
  number(n: number): string
  /** « 12 minutes », « 5.3 hours », « 3 days ». */
  duration(hours: number): string
  bytes(n: number): string
}

const PAST = {
  second: 'time.secondsAgo',
  minute: 'time.minutesAgo',
  hour: 'time.hoursAgo',
  day: 'time.daysAgo',
  week: 'time.weeksAgo',
  month: 'time.monthsAgo',
  year: 'time.yearsAgo'
} as const
const FUTURE = {
  second: 'time.inSeconds',
  minute: 'time.inMinutes',
  hour: 'time.inHours',
  day: 'time.inDays',
  week: 'time.inWeeks',
  month: 'time.inMonths',
  year: 'time.inYears'
} as const

/**
 * "3 days ago" from the translations' plurals rather than `Intl.RelativeTimeFormat`: building one
 * costs ~27 ms in Chromium on every page load (its locale data), on the inventory's first paint —
 * a third of the budget the first rows have (docs/PERFORMANCE.md « Manager UI »).
 */
export function relativeTime(t: TFunction, at: Date, now: number): string {
  const secs = Math.round((at.getTime() - now) / 1000)
  if (Math.abs(secs) < 1) return t('time.now')
  for (const [unit, size] of UNITS) {
    if (Math.abs(secs) < size && unit !== 'second') continue
    const count = Math.round(secs / size)
    if (unit === 'day' && count === -1) return t('time.yesterday')
    if (unit === 'day' && count === 1) return t('time.tomorrow')
    return count < 0 ? t(PAST[unit], { count: -count }) : t(FUTURE[unit], { count })
  }
  return t('time.now')
}

export function formatters(locale: string, t: TFunction): Formatters {
  // Each built on first use: a screen usually needs one of them (the inventory: relative times).
  const once = <T>(make: () => T): (() => T) => {
    let v: T | undefined
    return () => (v ??= make())
  }
  const df = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }))
  const dtf = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }))
  const nf = once(() => new Intl.NumberFormat(locale))
  const valid = (iso: string | null): Date | null => {
    if (!iso) return null
    const d = new Date(iso)
    return Number.isNaN(d.getTime()) ? null : d
  }
  return {
    locale,
    relative(iso, now = Date.now()) {
      const d = valid(iso)
      return d ? relativeTime(t, d, now) : null
    },
    date: (iso) => {
      const d = valid(iso)
      return d ? df().format(d) : null
    },
    dateTime: (iso) => {
      const d = valid(iso)
      return d ? dtf().format(d) : null
    },
    number: (n) => nf().format(n),
    duration: (hours) => formatDuration(hours, locale),
    bytes: (n) => {
      const [value, unit] =
        n < 1024 ? [n, 'byte'] : n < 1024 * 1024 ? [n / 1024, 'kilobyte'] : [n / 1048576, 'megabyte']
      // Bytes written out (« 368 bytes », « 368 octets »: the short form reads « 368 byte »); kB and MB short.
      return new Intl.NumberFormat(locale, {
        style: 'unit',
        unit,
        unitDisplay: unit === 'byte' ? 'long' : 'short',
        maximumFractionDigits: 1
      }).format(value)
    }
  }
}

// One set per locale and language: Intl constructors cost a millisecond or more each, and every
// inventory row (RelativeTime) asks for them on every render.
const byLocale = new Map<string, Formatters>()

/** The formatters of a locale, with the words of the UI language `t` speaks, built once. */
export function formattersFor(locale: string, language: string, t: TFunction): Formatters {
  const key = `${locale}\u0000${language}`
  let f = byLocale.get(key)
  if (!f) {
    f = formatters(locale, t)
    byLocale.set(key, f)
  }
  return f
}

/** Formatters for the language shown (dates and numbers follow the UI language, not the OS). */
export function useFormat(): Formatters {
  const { i18n } = useTranslation()
  const os = navigator.language ?? ''
  const language = i18n.language
  return formattersFor(
    os.toLowerCase().startsWith(language) ? os : language,
    language,
    i18n.getFixedT(language)
  )
}
