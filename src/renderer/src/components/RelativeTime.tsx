import { useFormat } from '../i18n/format'

/** "3 days ago", with the exact date as tooltip and in the `datetime` attribute. */
export function RelativeTime({
  iso,
  fallbackDays
}: {
  iso: string | null
  fallbackDays?: number | null
}): React.JSX.Element | null {
  const f = useFormat()
  const rel = f.relative(iso)
  if (rel && iso) {
    return (
      <time dateTime={iso} title={f.dateTime(iso) ?? iso}>
        {rel}
      </time>
    )
  }
  if (fallbackDays !== undefined && fallbackDays !== null) {
    return (
      <span>{new Intl.RelativeTimeFormat(f.locale, { numeric: 'auto' }).format(-fallbackDays, 'day')}</span>
    )
  }
  return null
}
