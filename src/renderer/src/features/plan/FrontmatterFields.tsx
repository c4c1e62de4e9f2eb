import { Plus, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatFieldValue, parseFieldValue } from './plan'
import { Button } from '../../ui/Button'

interface Row {
  key: string
  text: string
}

const toRows = (fm: Record<string, unknown> | undefined): Row[] =>
  Object.entries(fm ?? {}).map(([key, v]) => ({ key, text: formatFieldValue(v) }))

function toObject(rows: Row[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const r of rows) if (r.key.trim() !== '') out[r.key.trim()] = parseFieldValue(r.text)
  return out
}

/** Frontmatter fields the edit sets (merged: fields not named here keep their exact text). */
export function FrontmatterFields({
  value,
  onChange,
  idPrefix,
  freshness
}: {
  value: Record<string, unknown> | undefined
  onChange(v: Record<string, unknown> | undefined): void
  idPrefix: string
  freshness: string[]
}): React.JSX.Element {
  const { t } = useTranslation()
  const [rows, setRows] = useState<Row[]>(() => toRows(value))
  const sent = useRef(JSON.stringify(value ?? {}))
  // A change from elsewhere (draft restored, mode switched) replaces the rows.
  useEffect(() => {
    const incoming = JSON.stringify(value ?? {})
    if (incoming !== sent.current) {
      sent.current = incoming
      setRows(toRows(value))
    }
  }, [value])

  const commit = (next: Row[]): void => {
    setRows(next)
    const obj = toObject(next)
    sent.current = JSON.stringify(obj)
    onChange(Object.keys(obj).length > 0 ? obj : next.length > 0 ? {} : undefined)
  }

  return (
    <fieldset className="fm-fields">
      <legend>{t('plan.fm.legend')}</legend>
      {freshness.length > 0 ? (
        <p className="hint">{t('plan.fm.freshness', { fields: freshness.join(', ') })}</p>
      ) : null}
      {rows.length === 0 ? <p className="hint">{t('plan.fm.none')}</p> : null}
      {rows.map((r, i) => (
        <FieldRow
          key={i}
          id={`${idPrefix}-fm`}
          n={i}
          row={r}
          onChange={(row) => commit(rows.map((x, j) => (j === i ? row : x)))}
          onRemove={() => commit(rows.filter((_, j) => j !== i))}
        />
      ))}
      <p id={`${idPrefix}-fm-hint`} className="hint">
        {t('plan.fm.valueHint')}
      </p>
      <Button
        look="small"
        icon={Plus}
        iconSize={14}
        onClick={() => commit([...rows, { key: '', text: '' }])}
        testId="edit-fm-add"
      >
        {t('plan.fm.add')}
      </Button>
    </fieldset>
  )
}

/** One field the edit sets: its name, its value (described by the shared hint), and Remove. */
function FieldRow(props: {
  /** The fields' id prefix; the hint below the rows is `${id}-hint`. */
  id: string
  n: number
  row: Row
  onChange(row: Row): void
  onRemove(): void
}): React.JSX.Element {
  const { t } = useTranslation()
  const { id, n, row, onChange, onRemove } = props
  return (
    <div className="fm-row">
      <div className="field field-inline">
        <label htmlFor={`${id}-key-${n}`}>{t('plan.fm.key')}</label>
        <input
          id={`${id}-key-${n}`}
          className="input input-mono"
          value={row.key}
          onChange={(e) => onChange({ ...row, key: e.target.value })}
          data-testid="edit-fm-key"
        />
      </div>
      <div className="field field-inline field-grow">
        <label htmlFor={`${id}-value-${n}`}>{t('plan.fm.value')}</label>
        <input
          id={`${id}-value-${n}`}
          className="input input-mono"
          value={row.text}
          onChange={(e) => onChange({ ...row, text: e.target.value })}
          aria-describedby={`${id}-hint`}
          data-testid="edit-fm-value"
        />
      </div>
      <Button
        look="ghost icon"
        icon={Trash2}
        onClick={onRemove}
        aria-label={t('plan.fm.remove', { key: row.key || '…' })}
      />
    </div>
  )
}
