/** Grey placeholder lines while the first answer is on its way. */
export function Skeleton({ lines = 3 }: { lines?: number }): React.JSX.Element {
  return (
    <div className="skeleton" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton-line" style={{ width: `${90 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  )
}
