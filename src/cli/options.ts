/** Splits `--bases X`, `--config X` (and `--opt=X`) out of argv; returns the rest. */
export function takeHubOptions(argv: string[]): {
  bases?: string
  config?: string
  rest: string[]
  error?: string
} {
  const out: { bases?: string; config?: string; rest: string[]; error?: string } = { rest: [] }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const m = /^--(bases|config)(?:=(.*))?$/.exec(a)
    if (!m) {
      out.rest.push(a)
      continue
    }
    const v = m[2] !== undefined ? m[2] : argv[++i]
    if (v === undefined) return { ...out, error: `--${m[1]} attend une valeur` }
    out[m[1] as 'bases' | 'config'] = v
  }
  return out
}
