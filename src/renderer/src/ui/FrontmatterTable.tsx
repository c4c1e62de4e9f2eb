import { useTranslation } from 'react-i18next'

function show(v: unknown): string {
  if (v === null || v === undefined) return '—'
  if (typeof v === 'string') return v
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) return v.map(String).join(', ')
  return JSON.stringify(v)
}

/** A document's frontmatter as a small two-column table; an unreadable one as written, flagged. */
export function FrontmatterTable({
  data,
  raw,
  error
}: {
  data: Record<string, unknown> | null
  raw: string | null
  error: string | null
}): React.JSX.Element | null {
  const { t } = useTranslation()
  if (error || (data === null && raw && raw.trim() !== '')) {
    return (
      <div className="frontmatter frontmatter-error">
        <p className="notice notice-warning notice-compact" role="note">
          {t('document.frontmatterError')} <span className="error-detail">{error}</span>
        </p>
        <pre className="code-block">{raw}</pre>
      </div>
    )
  }
  if (!data || Object.keys(data).length === 0) return null
  return (
    <table className="frontmatter">
      <caption className="visually-hidden">{t('document.frontmatter')}</caption>
      <tbody>
        {Object.entries(data).map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{show(v)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
