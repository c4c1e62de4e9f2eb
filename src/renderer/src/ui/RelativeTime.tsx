import { useFormat } from '../i18n/format'

/**
 * "3 days ago", the exact date in the `datetime` attribute and, once pointed at, as tooltip: the
 * first `Intl.DateTimeFormat` of a page costs 25–80 ms in Chromium (its locale data), which an
 * inventory's first paint would otherwise pay for tooltips nobody has asked for yet.
 */
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
      <time
        dateTime={iso}
        onPointerEnter={(e) => {
          if (!e.currentTarget.title) e.currentTarget.title = f.dateTime(iso) ?? iso
        }}
      >
        {rel}
      </time>
    )
  }
  if (fallbackDays !== undefined && fallbackDays !== null) {
    return <span>{f.relative(new Date(Date.now() - fallbackDays * 86_400_000).toISOString())}</span>
  }
  return null
}
