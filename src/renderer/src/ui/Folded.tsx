import { useState } from 'react'

/**
 * A `<details>` whose content is built the first time it is opened, then kept. Folded diffs are
 * what a manager opens least and what costs most to build (every line a table row): building
 * them with the screen made every preview and commit wait for rows nobody sees yet. The trade:
 * the browser's find-in-page reaches their text only once they have been unfolded.
 */
export function Folded({
  summary,
  open = false,
  className,
  children
}: {
  summary: React.ReactNode
  open?: boolean
  className?: string
  children: () => React.ReactNode
}): React.JSX.Element {
  const [opened, setOpened] = useState(open)
  return (
    <details
      className={className}
      open={open}
      onToggle={(e) => {
        if (e.currentTarget.open) setOpened(true)
      }}
    >
      <summary>{summary}</summary>
      {opened || open ? children() : null}
    </details>
  )
}
