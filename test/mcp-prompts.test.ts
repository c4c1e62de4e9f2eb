import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appendFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { connect, hubEnv, ROOT, type Connected } from './helpers/mcp'

/** The consuming and contributing playbooks as prompts, their text read from the served guide base. */

const guideBody = (file: string): string => {
  const text = readFileSync(join(ROOT, 'resources/bases/okf-hub-guide/knowledge', file), 'utf8')
  return text.slice(text.indexOf('\n---\n', 4) + 5).trim()
}

const promptText = (r: { messages: { content: { type: string; text?: string } }[] }): string => {
  expect(r.messages).toHaveLength(1)
  expect(r.messages[0].content.type).toBe('text')
  return r.messages[0].content.text ?? ''
}

describe('MCP prompts over stdio', () => {
  let dir: string
  let s: Connected

  beforeAll(async () => {
    dir = tempDir()
    makeBundle(dir, 'solution-x', { title: 'Solution X' })
    s = await connect(hubEnv(dir, { defaultBases: true }))
  })

  afterAll(async () => {
    await s?.close()
    removeDir(dir)
  })

  it('prompts/list: consulter and contribuer, in French, with their arguments', async () => {
    const { prompts } = await s.client.listPrompts()
    expect(prompts.map((p) => p.name)).toEqual(['consulter', 'contribuer'])
    const [consulter, contribuer] = prompts
    expect(consulter.title).toBe('Répondre à une question depuis les bases')
    expect(consulter.arguments?.map((a) => [a.name, a.required])).toEqual([
      ['question', true],
      ['base', false]
    ])
    expect(contribuer.arguments?.map((a) => [a.name, a.required])).toEqual([
      ['base', true],
      ['sujet', true]
    ])
  })

  it('consulter: the question, the base, search → read the section → cite, then the guide’s own procedure', async () => {
    const text = promptText(
      await s.client.getPrompt({
        name: 'consulter',
        arguments: { question: 'Comment se reconnecter ?', base: 'solution-x' }
      })
    )
    expect(text.startsWith('Question : Comment se reconnecter ?\nBase : solution-x\n')).toBe(true)
    expect(text).toContain(
      'cherchez avec kb_search (base: "solution-x"), lisez la section utile avec kb_read'
    )
    expect(text).toContain('<base>:/<chemin> § <section>')
    expect(text).toContain(
      `--- okf-hub-guide:/chercher-et-lire.md ---\n\n${guideBody('chercher-et-lire.md')}\n`
    )
    expect(text).not.toContain('last-verified') // the guide's frontmatter is not part of the playbook
    const noBase = promptText(
      await s.client.getPrompt({ name: 'consulter', arguments: { question: 'Où ?' } })
    )
    expect(noBase).toContain('Base : à choisir')
  })

  it('contribuer: rules, duplicates with kb_proposal_status, propose with sources, then proposer.md', async () => {
    const text = promptText(
      await s.client.getPrompt({
        name: 'contribuer',
        arguments: { base: 'solution-x', sujet: 'le port a changé' }
      })
    )
    expect(text.startsWith('Sujet : le port a changé\nBase : solution-x\n')).toBe(true)
    expect(text).toContain('kb_governance(base: "solution-x")')
    expect(text).toContain('kb_proposal_status(base: "solution-x", submitted_by: <votre identité>)')
    expect(text).toContain('kb_propose en citant des sources vérifiables')
    expect(text).toContain(guideBody('proposer.md'))
  })

  it('the text is read from the served guide at each call, so it cannot drift from it', async () => {
    appendFileSync(
      join(dir, 'okf-hub-guide', 'knowledge', 'proposer.md'),
      '\nRègle ajoutée au guide servi.\n'
    )
    const text = promptText(
      await s.client.getPrompt({ name: 'contribuer', arguments: { base: 'solution-x', sujet: 's' } })
    )
    expect(text.trimEnd().endsWith('Règle ajoutée au guide servi.')).toBe(true)
  })

  it.each([
    ['consulter', {}, "prompt 'consulter' : argument 'question' requis (chaîne non vide)"],
    [
      'contribuer',
      { base: 'solution-x', sujet: '  ' },
      "prompt 'contribuer' : argument 'sujet' requis (chaîne non vide)"
    ],
    [
      'contribuer',
      { base: 'inconnue', sujet: 's' },
      "UNKNOWN_BASE: base 'inconnue' inconnue. Bases disponibles : okf-hub-feedback, okf-hub-guide, solution-x"
    ],
    [
      'consulter',
      { question: 'q', langue: 'fr' },
      'argument(s) inconnu(s) : langue (attendus : question, base)'
    ],
    ['consulter', { question: 'x'.repeat(2001) }, 'trop long (plus de 2000 caractères)'],
    ['inexistant', {}, 'prompt inconnu : inexistant (prompts disponibles : consulter, contribuer)']
  ])('%s with %j is InvalidParams: %s', async (name, args, message) => {
    const e = await s.client.getPrompt({ name, arguments: args as Record<string, string> }).then(
      () => null,
      (err: unknown) => err
    )
    expect(e).toBeInstanceOf(McpError)
    expect((e as McpError).code).toBe(-32602)
    expect((e as McpError).message).toContain(message)
  })

  it('completion of the base argument (prefix), nothing for free-text arguments', async () => {
    const base = await s.client.complete({
      ref: { type: 'ref/prompt', name: 'contribuer' },
      argument: { name: 'base', value: 'okf' }
    })
    expect(base.completion.values).toEqual(['okf-hub-feedback', 'okf-hub-guide'])
    const all = await s.client.complete({
      ref: { type: 'ref/prompt', name: 'consulter' },
      argument: { name: 'base', value: '' }
    })
    expect(all.completion.values).toEqual(['okf-hub-feedback', 'okf-hub-guide', 'solution-x'])
    const free = await s.client.complete({
      ref: { type: 'ref/prompt', name: 'contribuer' },
      argument: { name: 'sujet', value: 'so' }
    })
    expect(free.completion.values).toEqual([])
  })
})

describe('MCP prompts without the guide base', () => {
  it('prompts/get says where the text comes from and what to do', async () => {
    const dir = tempDir()
    makeBundle(dir, 'seule')
    const s = await connect(hubEnv(dir))
    try {
      expect((await s.client.listPrompts()).prompts).toHaveLength(2)
      const e = await s.client.getPrompt({ name: 'consulter', arguments: { question: 'q' } }).then(
        () => null,
        (err: unknown) => err
      )
      expect(e).toBeInstanceOf(McpError)
      expect((e as McpError).message).toContain(
        "prompt 'consulter' indisponible : son texte vient de la base okf-hub-guide (le mode d'emploi installé avec le hub), qui n'est pas servie ici. Réactivez default-bases dans hub-config.yaml"
      )
    } finally {
      await s.close()
      removeDir(dir)
    }
  })
})
