import { ChevronDown, ChevronRight, FileText, Folder } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { CorpusNode } from '../../../../shared/hub-api'
import { ancestorsOf } from '../../lib/paths'
import { corpusPath } from '../../app/routes'

interface Props {
  base: string
  nodes: CorpusNode[]
  selected: string | null
}

/** The corpus as folders and documents; folders open on demand (big corpora stay light). */
export function CorpusTree({ base, nodes, selected }: Props): React.JSX.Element {
  const { t } = useTranslation()
  const [open, setOpen] = useState<Set<string>>(() => new Set(selected ? ancestorsOf(selected) : []))
  useEffect(() => {
    if (selected) setOpen((s) => new Set([...s, ...ancestorsOf(selected)]))
  }, [selected])
  const toggle = (path: string): void =>
    setOpen((s) => {
      const n = new Set(s)
      if (n.has(path)) n.delete(path)
      else n.add(path)
      return n
    })

  const render = (list: CorpusNode[], depth: number): React.JSX.Element => {
    // Two documents of a folder under one title are told apart by their file names, shown then
    // (they were only in the tooltip — found by exploratory QA).
    const titles = new Map<string, number>()
    for (const n of list) if (n.kind !== 'dir' && n.title) titles.set(n.title, (titles.get(n.title) ?? 0) + 1)
    return (
      <ul className="tree-list" role={depth === 0 ? undefined : 'group'}>
        {list.map((n) =>
          n.kind === 'dir' ? (
            <li key={n.path}>
              <button
                type="button"
                className="tree-item tree-dir"
                style={{ paddingInlineStart: 8 + depth * 16 }}
                aria-expanded={open.has(n.path)}
                onClick={() => toggle(n.path)}
                data-testid={`corpus-node-${n.path}`}
              >
                {open.has(n.path) ? (
                  <ChevronDown aria-hidden="true" size={14} />
                ) : (
                  <ChevronRight aria-hidden="true" size={14} />
                )}
                <Folder aria-hidden="true" size={14} />
                <span className="tree-label">{n.name}</span>
              </button>
              {open.has(n.path) && n.children ? render(n.children, depth + 1) : null}
            </li>
          ) : (
            <li key={n.path}>
              <Link
                to={corpusPath(base, n.path)}
                className={`tree-item tree-file${selected === n.path ? ' is-selected' : ''}`}
                style={{ paddingInlineStart: 8 + depth * 16 + 14 }}
                aria-current={selected === n.path ? 'page' : undefined}
                title={n.path}
                data-testid={`corpus-node-${n.path}`}
              >
                <FileText aria-hidden="true" size={14} />
                <span className="tree-label">{n.title ?? n.name}</span>
                {n.title && (titles.get(n.title) ?? 0) > 1 ? (
                  <span className="tree-file-name muted" data-testid={`corpus-node-name-${n.path}`}>
                    {n.name}
                  </span>
                ) : null}
              </Link>
            </li>
          )
        )}
      </ul>
    )
  }

  return (
    <nav className="corpus-tree" aria-label={t('corpus.treeLabel')}>
      {render(nodes, 0)}
    </nav>
  )
}
