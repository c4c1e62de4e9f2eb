/**
 * Text the hub did not write (an imported base's files, a proposal's fields, an agent's words) is
 * untrusted: in a terminal, its control sequences are shown, never obeyed — an ANSI escape would
 * recolour or retitle the terminal, a lone carriage return rewrite the line, a bidirectional
 * override or isolate (U+202A–U+202E, U+2066–U+2069) reverse what follows it on screen, and a line
 * or paragraph separator break a line the terminal does not count. Newlines, tabs and the carriage
 * return of a CRLF line ending stay as they are.
 */
export function inert(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)|[\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => {
      const code = c.charCodeAt(0)
      return code > 0xff ? `\\u${code.toString(16)}` : `\\x${code.toString(16).padStart(2, '0')}`
    }
  )
}
