import { useTranslation } from 'react-i18next'

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
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
  bytes(n: number): string
}

export function formatters(locale: string): Formatters {
  // Each built on first use: a screen usually needs one of them (the inventory: relative times).
  const once = <T>(make: () => T): (() => T) => {
    let v: T | undefined
    return () => (v ??= make())
  }
  const rtf = once(() => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }))
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
      if (!d) return null
      const secs = Math.round((d.getTime() - now) / 1000)
      for (const [unit, size] of UNITS) {
        if (Math.abs(secs) >= size || unit === 'second') return rtf().format(Math.round(secs / size), unit)
      }
      return null
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
    bytes: (n) => {
      const [value, unit] =
        n < 1024 ? [n, 'byte'] : n < 1024 * 1024 ? [n / 1024, 'kilobyte'] : [n / 1048576, 'megabyte']
      return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value)
    }
  }
}

// One set per locale: Intl constructors cost about a millisecond each, and every inventory row
// (RelativeTime) asks for them on every render.
const byLocale = new Map<string, Formatters>()

/** The formatters of a locale, built once. */
export function formattersFor(locale: string): Formatters {
  let f = byLocale.get(locale)
  if (!f) {
    f = formatters(locale)
    byLocale.set(locale, f)
  }
  return f
}

/** Formatters for the language shown (dates and numbers follow the UI language, not the OS). */
export function useFormat(): Formatters {
  const { i18n } = useTranslation()
  const os = navigator.language ?? ''
  return formattersFor(os.toLowerCase().startsWith(i18n.language) ? os : i18n.language)
}
