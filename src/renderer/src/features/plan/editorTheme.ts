import { HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { EditorView } from '@codemirror/view'
import { tags } from '@lezer/highlight'

/**
 * The editor in the app's own palette (CSS variables: light and dark follow the OS with the rest
 * of the page), with markdown highlighting whose colours keep AA contrast on both.
 */
export const editorTheme = [
  EditorView.theme({
    '&': { backgroundColor: 'var(--bg)', color: 'var(--text)' },
    '.cm-content': { fontFamily: 'var(--font-mono)', caretColor: 'var(--text)' },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
    '.cm-gutters': {
      backgroundColor: 'var(--bg-subtle)',
      color: 'var(--text-muted)',
      borderRight: '1px solid var(--border)'
    },
    '.cm-activeLine': { backgroundColor: 'var(--bg-subtle)' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
      backgroundColor: 'var(--accent-subtle)'
    },
    '.cm-searchMatch': {
      backgroundColor: 'var(--warning-subtle)',
      outline: '1px solid var(--warning-border)'
    },
    '.cm-panels': { backgroundColor: 'var(--bg-subtle)', color: 'var(--text)' }
  }),
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: tags.heading, fontWeight: '700', color: 'var(--accent)' },
      { tag: tags.strong, fontWeight: '700' },
      { tag: tags.emphasis, fontStyle: 'italic' },
      { tag: tags.strikethrough, textDecoration: 'line-through' },
      { tag: [tags.link, tags.url], color: 'var(--accent)', textDecoration: 'underline' },
      { tag: tags.monospace, color: 'var(--contribution)' },
      { tag: [tags.processingInstruction, tags.meta, tags.contentSeparator], color: 'var(--text-muted)' },
      { tag: tags.quote, color: 'var(--text-muted)', fontStyle: 'italic' },
      { tag: tags.list, color: 'var(--text)' }
    ])
  )
]
