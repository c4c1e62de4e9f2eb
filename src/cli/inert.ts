/**
 * Text the hub did not write (an imported base's files, a proposal's fields, an agent's words) is
 * untrusted: in a terminal, its control sequences are shown, never obeyed — an ANSI escape would
 * recolour or retitle the terminal, a lone carriage return rewrite the line. Newlines, tabs and
 * the carriage return of a CRLF line ending stay as they are.
 */
export function inert(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/g,
    (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`
  )
}
