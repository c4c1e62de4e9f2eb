/** JSON's name for a value's type, as used in our messages (DESIGN §8). */
export function jsonType(v: unknown): 'string' | 'number' | 'boolean' | 'array' | 'object' | 'null' {
  if (v === null || v === undefined) return 'null'
  if (Array.isArray(v)) return 'array'
  const t = typeof v
  if (t === 'string' || t === 'number' || t === 'boolean') return t
  return 'object'
}
