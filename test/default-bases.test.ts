/**
 * Anti-drift rules for the two default bases shipped in resources/bases
 * (okf-hub-guide, okf-hub-feedback). They are ordinary bundles, but written by
 * us and installed on every machine: what they say about the seven tools must
 * stay true to the tool contract (seed 000), and the guide must never become a
 * second, untested copy of the tool schemas.
 */
import { describe, it, expect } from 'vitest'
import fs from 'node:fs'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'

const BASES_DIR = path.resolve(__dirname, '../resources/bases')
const DEFAULT_BASES = ['okf-hub-guide', 'okf-hub-feedback'] as const
const RESERVED_DOCS = ['index.md', 'log.md']

/** The seven tools of the contract and their parameters (seed 000). */
const TOOL_PARAMS: Readonly<Record<string, readonly string[]>> = {
  kb_list: ['include_pending_concerns'],
  kb_search: ['base', 'query', 'mode', 'max_results'],
  kb_read: ['base', 'path', 'section', 'force'],
  kb_governance: ['base'],
  kb_propose: ['base', 'type', 'concerns', 'content', 'sources', 'confidence', 'submitted_by'],
  kb_proposal_status: ['base', 'id', 'submitted_by', 'status', 'limit'],
  kb_hub_rescan: []
}

type Mapping = Record<string, unknown>

function isMapping(v: unknown): v is Mapping {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function readText(file: string): string {
  return fs.readFileSync(file, 'utf8')
}

function readYamlFile(file: string): unknown {
  // YAML 1.2 core schema, as the hub reads it: dates stay strings.
  return parseYaml(readText(file), { schema: 'core' })
}

function listFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...listFiles(full))
    else if (entry.isFile()) out.push(full)
  }
  return out.sort()
}

/** Frontmatter of a markdown text, or null when the text does not open one. */
function frontmatterOf(text: string): Mapping | null {
  if (!text.startsWith('---\n')) return null
  const end = text.indexOf('\n---', 3)
  if (end < 0) return null
  const data = parseYaml(text.slice(4, end + 1), { schema: 'core' })
  return isMapping(data) ? data : null
}

function normaliseDescription(s: string): string {
  return s.replace(/\s+/g, ' ').trim()
}

// ---------------------------------------------------------------------------
// Detectors, each checked by the self-tests below so that a guard cannot pass by matching nothing.

/** Every `kb_…` token in a text. */
function citedTools(text: string): string[] {
  return [...text.matchAll(/kb_[a-z_]+/g)].map((m) => m[0])
}

interface CitedParam {
  tool: string
  param: string
  call: string
}

/** Drop quoted strings and bracketed lists so that only parameter names remain. */
function stripValues(s: string): string {
  return s
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\[[^\]]*\]/g, '[]')
    .replace(/\{[^}]*\}/g, '{}')
}

/**
 * Parameters named in call forms:
 *  - `kb_x(a: …, b: …)`, `kb_x(a = …)` and `kb_x(a, b)`;
 *  - `kb_x a=… b="…"` (the shell-like form of the contract's sequences).
 */
function citedParams(text: string): CitedParam[] {
  const found: CitedParam[] = []
  for (const m of text.matchAll(/(kb_[a-z_]+)\(([^()]*)\)/g)) {
    for (const part of stripValues(m[2]).split(',')) {
      const name = /^\s*([A-Za-z_][\w-]*)\s*(?::|=|$)/.exec(part)
      if (name) found.push({ tool: m[1], param: name[1], call: m[0] })
    }
  }
  const shellForm = /(kb_[a-z_]+)((?:[ \t]+[A-Za-z_][\w-]*=(?:"[^"\n]*"|\[[^\]\n]*\]|\S*))+)/g
  for (const m of text.matchAll(shellForm)) {
    for (const name of stripValues(m[2]).matchAll(/(?:^|[ \t])([A-Za-z_][\w-]*)=/g)) {
      found.push({ tool: m[1], param: name[1], call: m[0].trim() })
    }
  }
  return found
}

/** Header rows of markdown tables that look like a parameter schema. */
function parameterTables(text: string): string[] {
  const lines = text.split('\n')
  const hits: string[] = []
  for (let i = 0; i + 1 < lines.length; i++) {
    const header = lines[i].trim()
    const separator = lines[i + 1].trim()
    if (!header.startsWith('|') || !/^\|?\s*:?-{2,}/.test(separator)) continue
    const cells = header
      .split('|')
      .map((c) => c.replace(/[`*_]/g, '').trim().toLowerCase())
      .filter((c) => c !== '')
    const hasParam = cells.some((c) => c.startsWith('param'))
    const hasType = cells.some((c) => c.startsWith('type'))
    const hasDefault = cells.some((c) => c.startsWith('défaut') || c.startsWith('defaut'))
    if (hasParam || (hasType && hasDefault)) hits.push(header)
  }
  return hits
}

/** Relative markdown links `](target)` outside code, without URLs and anchors. */
function relativeLinks(text: string): string[] {
  const prose = text.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '').replace(/`[^`\n]*`/g, '')
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((t) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(t) && !t.startsWith('#') && !t.startsWith('mailto:'))
}

describe('détecteurs des règles anti-dérive', () => {
  it('repèrent un outil inexistant', () => {
    expect(citedTools('appelez kb_search puis kb_reed')).toEqual(['kb_search', 'kb_reed'])
    expect(citedTools('les outils `kb_*`')).toEqual([])
  })

  it('repèrent les paramètres des deux formes d’appel', () => {
    const params = (s: string): string[] => citedParams(s).map((p) => `${p.tool}.${p.param}`)
    expect(params('kb_read(base: "a, b: c", sectoin: "x")')).toEqual(['kb_read.base', 'kb_read.sectoin'])
    expect(params('kb_read(path, section)')).toEqual(['kb_read.path', 'kb_read.section'])
    expect(params('kb_search(base: ["a", "b"], query: "q")')).toEqual(['kb_search.base', 'kb_search.query'])
    expect(params('kb_list base=x include_pending_concerns=true …')).toEqual([
      'kb_list.base',
      'kb_list.include_pending_concerns'
    ])
    expect(params('kb_search base=["a", "b"] query="x y=z" mode=regex')).toEqual([
      'kb_search.base',
      'kb_search.query',
      'kb_search.mode'
    ])
    expect(params('kb_list() et `kb_read` avec section')).toEqual([])
  })

  it('ignorent les liens cités dans du code', () => {
    expect(relativeLinks('[a](a.md) `[b](b.md)`\n\n```\n[c](c.md)\n```\n[d](https://x.test/d.md)')).toEqual([
      'a.md'
    ])
  })

  it('repèrent un tableau de paramètres', () => {
    expect(parameterTables('| Paramètre | Rôle |\n|---|---|\n| a | b |')).toHaveLength(1)
    expect(parameterTables('| Nom | Type | Défaut |\n|:--|--|--|')).toHaveLength(1)
    expect(parameterTables('| Étape | Qui | Moyen |\n|---|---|---|')).toHaveLength(0)
  })
})

describe.each(DEFAULT_BASES)('base par défaut %s', (baseName) => {
  const root = path.join(BASES_DIR, baseName)
  const manifestPath = path.join(root, 'okf-bundle.yaml')
  const manifest = () => readYamlFile(manifestPath) as Mapping
  const corpusDir = path.join(root, 'knowledge')
  const allFiles = () => listFiles(root)
  const corpusDocs = () => listFiles(corpusDir).filter((f) => f.endsWith('.md'))
  const otherDocs = () => corpusDocs().filter((f) => !RESERVED_DOCS.includes(path.basename(f)))

  it('a un manifeste qui se lit et dont les champs sont valides', () => {
    expect(fs.existsSync(manifestPath)).toBe(true)
    const m = manifest()
    expect(isMapping(m)).toBe(true)
    expect(m['bundle-spec']).toBe('0.1')

    expect(typeof m.name).toBe('string')
    expect(m.name).toMatch(/^[a-z0-9-]+$/)
    expect(m.name).toBe(baseName)

    expect(typeof m.title).toBe('string')
    const title = m.title as string
    expect(title.trim()).not.toBe('')
    expect(title).not.toMatch(/[\r\n]/)
    expect([...title].length).toBeLessThanOrEqual(100)

    expect(typeof m.description).toBe('string')
    const description = normaliseDescription(m.description as string)
    expect([...description].length).toBeGreaterThan(150)
    expect([...description].length).toBeLessThanOrEqual(500)
    expect(description).toContain('kb_')

    expect(m.version).toBe('1.0.0')
    expect(m['corpus-dir']).toBe('knowledge')
    expect(fs.statSync(corpusDir).isDirectory()).toBe(true)
  })

  it('déclare une gouvernance stable, un schéma et la revue humaine', () => {
    const governance = manifest().governance
    expect(isMapping(governance)).toBe(true)
    const g = governance as Mapping
    expect(g.review).toBe('human')

    expect(typeof g.rules).toBe('string')
    const rulesPath = path.join(root, g.rules as string)
    expect(fs.existsSync(rulesPath)).toBe(true)
    expect(frontmatterOf(readText(rulesPath))?.status).toBe('stable')

    expect(typeof g['frontmatter-schema']).toBe('string')
    const schemaPath = path.join(root, g['frontmatter-schema'] as string)
    expect(fs.existsSync(schemaPath)).toBe(true)
    expect(isMapping(readYamlFile(schemaPath))).toBe(true)
  })

  it('a un sommaire et un journal', () => {
    expect(fs.existsSync(path.join(corpusDir, 'index.md'))).toBe(true)
    expect(fs.existsSync(path.join(corpusDir, 'log.md'))).toBe(true)
    expect(otherDocs().length).toBeGreaterThan(0)
  })

  it('ouvre chaque document par un frontmatter avec type et applies-to, puis des sections ##', () => {
    for (const file of otherDocs()) {
      const text = readText(file)
      expect(text.startsWith('---\n'), `${file} doit commencer par ---`).toBe(true)
      const fm = frontmatterOf(text)
      expect(fm, `${file} : frontmatter illisible`).not.toBeNull()
      expect(fm, file).toHaveProperty('type')
      expect(fm, file).toHaveProperty('applies-to')
      expect(text, `${file} : aucune section ##`).toMatch(/^## \S/m)
    }
  })

  it('suit son schema.yaml dans chaque document qui porte un frontmatter', () => {
    const schema = readYamlFile(path.join(root, 'schema.yaml')) as Mapping
    interface Field {
      name: string
      type: unknown
      values?: unknown
      required: boolean
    }
    const declared = (list: unknown, required: boolean): Field[] =>
      (Array.isArray(list) ? list : []).filter(isMapping).map((f) => ({
        name: String(f.name),
        type: f.type,
        values: f.values,
        required
      }))
    const fields = [...declared(schema.required, true), ...declared(schema.optional, false)]
    const byName = new Map(fields.map((f) => [f.name, f]))
    for (const name of ['title', 'type', 'applies-to']) expect(byName.get(name)?.required, name).toBe(true)
    expect(byName.get('last-verified')?.type).toBe('date')
    const types = byName.get('type')?.values as string[]
    expect(types).toEqual(['procedure', 'reference', 'concept', 'index', 'log'])

    for (const file of corpusDocs()) {
      const fm = frontmatterOf(readText(file))
      if (fm === null) continue
      for (const f of fields) if (f.required) expect(fm, `${file} : ${f.name}`).toHaveProperty(f.name)
      expect(typeof fm.title === 'string' && fm.title.trim() !== '', `${file} : title`).toBe(true)
      expect(types, `${file} : type`).toContain(fm.type)
      const appliesTo = fm['applies-to']
      const appliesOk =
        (typeof appliesTo === 'string' && appliesTo.trim() !== '') ||
        (Array.isArray(appliesTo) &&
          appliesTo.length > 0 &&
          appliesTo.every((a) => typeof a === 'string' && a !== ''))
      expect(appliesOk, `${file} : applies-to`).toBe(true)
      if ('last-verified' in fm)
        expect(String(fm['last-verified']), `${file} : last-verified`).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    }
  })

  it('référence chaque document dans index.md', () => {
    const index = readText(path.join(corpusDir, 'index.md'))
    for (const file of otherDocs()) {
      const rel = path.relative(corpusDir, file).split(path.sep).join('/')
      expect(index, `${rel} absent de index.md`).toContain(rel)
    }
  })

  it('n’a aucun lien relatif cassé dans son corpus', () => {
    for (const file of corpusDocs()) {
      for (const target of relativeLinks(readText(file))) {
        const interBase = /^([a-z0-9-]+):\/(.+)$/.exec(target)
        // A link into a base we do not ship cannot be checked here.
        if (interBase && !(DEFAULT_BASES as readonly string[]).includes(interBase[1])) continue
        const resolved = interBase
          ? path.join(BASES_DIR, interBase[1], 'knowledge', interBase[2])
          : path.resolve(path.dirname(file), target.split('#')[0])
        expect(fs.existsSync(resolved), `${path.relative(root, file)} → ${target}`).toBe(true)
      }
    }
  })

  it('ne cite que les sept outils du contrat', () => {
    for (const file of allFiles()) {
      for (const tool of citedTools(readText(file))) {
        expect(Object.keys(TOOL_PARAMS), `${path.relative(root, file)} cite ${tool}`).toContain(tool)
      }
    }
  })

  it('ne prête à un outil que ses paramètres réels', () => {
    for (const file of allFiles()) {
      for (const { tool, param, call } of citedParams(readText(file))) {
        const params = TOOL_PARAMS[tool] ?? []
        expect(params, `${path.relative(root, file)} : ${call}`).toContain(param)
      }
    }
  })
})

describe('okf-hub-guide', () => {
  it('ne contient aucun tableau de schéma de paramètres', () => {
    const root = path.join(BASES_DIR, 'okf-hub-guide')
    for (const file of listFiles(root).filter((f) => f.endsWith('.md'))) {
      expect(parameterTables(readText(file)), path.relative(root, file)).toEqual([])
    }
  })

  it('cite des appels : la garde des paramètres porte sur quelque chose', () => {
    const corpus = path.join(BASES_DIR, 'okf-hub-guide', 'knowledge')
    const calls = listFiles(corpus).flatMap((f) => citedParams(readText(f)))
    const tools = new Set(calls.map((c) => c.tool))
    for (const tool of ['kb_search', 'kb_read', 'kb_propose', 'kb_proposal_status'])
      expect(tools).toContain(tool)
  })
})
