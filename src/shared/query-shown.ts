/** Longest query listed whole, in code points: an agent's query can be pages long, and any agent can send one. */
export const QUERY_SHOWN_MAX = 200

/** A query as listed to a manager (Insights, `okf-hub insights`): cut with an ellipsis past QUERY_SHOWN_MAX. */
export function shownQuery(query: string): string {
  const chars = [...query]
  return chars.length > QUERY_SHOWN_MAX ? `${chars.slice(0, QUERY_SHOWN_MAX).join('')}…` : query
}
