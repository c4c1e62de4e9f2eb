/**
 * YAML from strangers' bundles (frontmatter, manifests, schemas) is nested-checked before the
 * `yaml` library sees it: 10,000 nested brackets make its recursive parser exhaust the stack, and
 * in a long-running server that ends in V8 running out of memory in its regex compiler — the whole
 * process dies, every connected agent with it (test/hostile-bundles.test.ts). No document a person
 * writes nests anywhere near this deep. The scan is one pass over the text, approximate on purpose
 * (brackets inside quoted strings count too): it only has to tell a bomb from a document.
 */

/** Flow brackets open at once, or block levels (indentation / compact `- - ` items), past which a block is refused. */
export const YAML_MAX_DEPTH = 64
/** Leading spaces past which a line is taken as nested too deep (block levels of one or more spaces). */
const MAX_INDENT = 4 * YAML_MAX_DEPTH

export function yamlTooDeep(text: string): boolean {
  let flow = 0
  let lineStart = true
  let indent = 0
  let dashes = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 10 /* \n */) {
      lineStart = true
      indent = 0
      dashes = 0
      continue
    }
    if (lineStart) {
      if (c === 32 /* space */) {
        if (++indent > MAX_INDENT) return true
        continue
      }
      // `- - - x`: each dash followed by a space opens a sequence inside the previous one.
      if (c === 45 /* - */ && text.charCodeAt(i + 1) === 32) {
        if (++dashes > YAML_MAX_DEPTH) return true
        i++
        continue
      }
      lineStart = false
    }
    if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++flow > YAML_MAX_DEPTH) return true
    } else if ((c === 93 /* ] */ || c === 125) /* } */ && flow > 0) flow--
  }
  return false
}

export const TOO_DEEP = `YAML imbriqué sur plus de ${YAML_MAX_DEPTH} niveaux : non lu`
