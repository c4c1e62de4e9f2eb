/**
 * The AI apps' own names, the same in every language (brands are not translated). A module of their
 * own, which both languages' words import: loading one language never brings the other (Vite
 * fetches this tiny chunk beside the language's, not after it).
 */
export const hostNames = {
  'claude-desktop': 'Claude Desktop',
  'claude-code': 'Claude Code',
  cursor: 'Cursor',
  vscode: 'VS Code'
}
