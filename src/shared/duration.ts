/**
 * A span of hours as a manager reads it (Insights, `okf-hub insights`): seconds under a minute,
 * minutes under an hour,
 * hours under two days, days beyond — a decision taken minutes after filing read « 0 h ».
 * Intl's unit style gives each language its words, plurals and number form (« 1.5 hours », « 1,5 heure »).
 */
export function formatDuration(hours: number, locale: string): string {
  const [value, unit, digits] =
    hours < 1 / 60
      ? [hours * 3600, 'second', 0]
      : hours < 1
        ? [hours * 60, 'minute', 0]
        : hours < 48
          ? [hours, 'hour', 1]
          : [hours / 24, 'day', 1]
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: digits
  }).format(value)
}
