import { markdown } from '@codemirror/lang-markdown'
import { EditorView } from '@codemirror/view'
import CodeMirror from '@uiw/react-codemirror'
import { useMemo } from 'react'
import { editorTheme } from './editorTheme'

interface Props {
  value: string
  onChange(value: string): void
  /** Accessible name of the editing area. */
  label: string
  describedBy?: string
  testId?: string
  minHeight?: string
  /** Default 60vh; null grows with the text (no scrolling region of its own). */
  maxHeight?: string | null
}

/** A real code editor for markdown (highlighting, undo, search), in the app's palette. */
export function MarkdownEditor({
  value,
  onChange,
  label,
  describedBy,
  testId,
  minHeight = '160px',
  maxHeight = '60vh'
}: Props): React.JSX.Element {
  const extensions = useMemo(
    () => [
      markdown(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'aria-multiline': 'true',
        // Explicitly in the tab order: a whole document scrolls the editor, and a scrolling region
        // must hold something the keyboard reaches (axe: scrollable-region-focusable).
        tabindex: '0'
      })
    ],
    [label, describedBy]
  )
  return (
    <div className="editor" data-testid={testId}>
      <CodeMirror
        value={value}
        onChange={onChange}
        extensions={extensions}
        theme={editorTheme}
        minHeight={minHeight}
        maxHeight={maxHeight ?? undefined}
        // Tab leaves the editor (keyboard users must never be trapped); indentation is not needed for prose.
        indentWithTab={false}
        basicSetup={{ foldGutter: false, highlightActiveLineGutter: false, autocompletion: false }}
      />
    </div>
  )
}
