import { memo, useMemo } from 'react'
import { suggestPaths } from '../../lib/paths'

/** The datalist of a document-path field: the corpus paths that match what is typed, a few dozen. */
export const CorpusSuggestions = memo(function CorpusSuggestions({
  id,
  documents,
  typed
}: {
  id: string
  documents: string[]
  typed: string
}): React.JSX.Element {
  const shown = useMemo(() => suggestPaths(documents, typed), [documents, typed])
  return (
    <datalist id={id}>
      {shown.map((d) => (
        <option key={d} value={d} />
      ))}
    </datalist>
  )
})
