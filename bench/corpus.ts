/**
 * Deterministic corpus generator: N markdown documents of realistic shapes
 * (frontmatter, headings, lists, code fences, a few large documents, French and
 * English text, a few CJK documents), written as a real bundle and committed
 * with the git CLI. Same seed and size → byte-identical bundle.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const FR =
  `le la les un une des du de et ou mais donc car pour avec sans dans sur sous entre vers chez serveur base
données configuration procédure incident réseau utilisateur sauvegarde restauration droits accès journal module
service client déploiement version mise à jour environnement production recette validation contrôle supervision
alerte seuil mémoire disque processus tâche planifiée certificat authentification session annuaire compte profil
menu bouton écran rapport export import fichier dossier archive paramètre valeur défaut option connexion délai
réponse requête erreur avertissement message vérifier redémarrer arrêter relancer consulter modifier supprimer
ajouter créer ouvrir fermer exécuter installer désinstaller migrer documenter signaler corriger analyser`.split(
    /\s+/
  )
const EN = `the a an of and or but so for with without in on under between to at server database configuration
procedure incident network user backup restore rights access log module service client deployment version update
environment production staging validation check monitoring alert threshold memory disk process scheduled task
certificate authentication session directory account profile menu button screen report export import file folder
archive parameter value default option connection timeout response request error warning message verify restart
stop relaunch read change delete add create open close run install uninstall migrate document report fix analyse`.split(
  /\s+/
)
const CJK =
  '数据库 连接 配置 服务器 用户 备份 恢复 权限 日志 模块 服务 部署 版本 更新 环境 生产 测试 验证 监控 警报 阈值 内存 磁盘 进程 任务 证书 认证 会话'.split(
    ' '
  )

/** Planted terms and their share of documents, so queries have known selectivity. */
export const PLANTED = {
  rarePair: ['zephyr', 'protocol'] as const, // both in ~1% of documents (AND hit)
  orOnly: ['quasar', 'nebulon'] as const, // each in ~0.5%, never together (OR fallback)
  absent: 'xylophage-introuvable',
  common: 'configuration'
}

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]
}

function sentence(r: () => number, words: readonly string[], n: number): string {
  const out: string[] = []
  for (let i = 0; i < n; i++) out.push(pick(r, words))
  const s = out.join(words === CJK ? '' : ' ')
  return s.charAt(0).toUpperCase() + s.slice(1) + (words === CJK ? '。' : '.')
}

function paragraph(r: () => number, words: readonly string[]): string {
  const n = 2 + Math.floor(r() * 4)
  return Array.from({ length: n }, () => sentence(r, words, 8 + Math.floor(r() * 14))).join(' ')
}

export function documentText(i: number, r: () => number): { path: string; text: string } {
  const lang = i % 97 === 0 ? CJK : r() < 0.55 ? FR : EN
  const large = i % 200 === 7
  const sections = large ? 40 + Math.floor(r() * 20) : 2 + Math.floor(r() * 6)
  const title = sentence(r, lang, 3 + Math.floor(r() * 4)).replace(/[.。]$/, '')
  const lines: string[] = [
    '---',
    `title: ${JSON.stringify(title)}`,
    `type: ${pick(r, ['procedure', 'reference', 'concept'])}`
  ]
  lines.push(
    `tags: [${pick(r, ['sso', 'réseau', 'backup', 'infra', 'app'])}, ${pick(r, ['prod', 'dev', 'doc'])}]`
  )
  lines.push(
    `last-verified: 2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    '---',
    '',
    `# ${title}`,
    ''
  )
  lines.push(paragraph(r, lang), '')
  const plantRare = i % 100 === 3
  const plantQ = i % 200 === 11
  const plantN = i % 200 === 111
  for (let s = 0; s < sections; s++) {
    lines.push(`## ${sentence(r, lang, 2 + Math.floor(r() * 4)).replace(/[.。]$/, '')}`, '')
    const paras = large ? 3 : 1 + Math.floor(r() * 3)
    for (let p = 0; p < paras; p++) {
      let para = paragraph(r, lang)
      if (plantRare && s === Math.min(1, sections - 1) && p === 0)
        para += ' Le zephyr protocol impose une reconnexion.'
      if (plantQ && s === 0 && p === 0) para += ' Voir quasar.'
      if (plantN && s === 0 && p === 0) para += ' Voir nebulon.'
      lines.push(para, '')
    }
    const k = r()
    if (k < 0.25) {
      lines.push(
        ...Array.from(
          { length: 3 + Math.floor(r() * 4) },
          () => `- ${sentence(r, lang, 4 + Math.floor(r() * 6))}`
        ),
        ''
      )
    } else if (k < 0.4) {
      lines.push(
        '```bash',
        '# commentaire, pas un heading',
        `systemctl restart ${pick(r, ['nginx', 'postgresql', 'app'])}`,
        '```',
        ''
      )
    } else if (k < 0.45) {
      lines.push(`### ${sentence(r, lang, 3).replace(/[.。]$/, '')}`, '', paragraph(r, lang), '')
    }
  }
  const dir = `d${String(Math.floor(i / 200)).padStart(3, '0')}`
  return { path: `${dir}/doc-${String(i).padStart(5, '0')}.md`, text: lines.join('\n') }
}

/** The git CLI with a fixed bench identity (bench repositories only). */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'bench',
      GIT_AUTHOR_EMAIL: 'bench@local',
      GIT_COMMITTER_NAME: 'bench',
      GIT_COMMITTER_EMAIL: 'bench@local'
    }
  })
}

export interface GeneratedBase {
  root: string
  name: string
  docs: number
}

/**
 * A bundle of `docs` documents at `basesDir/name`, committed. Reused when it
 * already exists with a complete marker (generation of 20,000 documents takes
 * a few seconds; the commit dominates).
 */
export function generateBase(basesDir: string, name: string, docs: number, seed: number): GeneratedBase {
  const root = join(basesDir, name)
  const marker = join(root, '.git', 'okf-bench-complete')
  if (existsSync(marker)) return { root, name, docs }
  rmSync(root, { recursive: true, force: true })
  mkdirSync(join(root, 'knowledge'), { recursive: true })
  writeFileSync(
    join(root, 'okf-bundle.yaml'),
    `bundle-spec: "0.1"\nname: ${name}\ntitle: "Banc ${name}"\ndescription: "Base générée (${docs} documents, graine ${seed}) pour les bancs d'essai."\ngovernance:\n  rules: GOVERNANCE.md\n  frontmatter-schema: schema.yaml\n`
  )
  writeFileSync(join(root, 'GOVERNANCE.md'), '# Gouvernance du banc\n\nBase générée.\n')
  writeFileSync(
    join(root, 'schema.yaml'),
    'fields:\n  title: { type: string }\n  last-verified: { type: date }\n'
  )
  const r = rng(seed)
  const made = new Set<string>()
  for (let i = 0; i < docs; i++) {
    const d = documentText(i, r)
    const abs = join(root, 'knowledge', d.path)
    const dir = abs.slice(0, abs.lastIndexOf('/'))
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true })
      made.add(dir)
    }
    writeFileSync(abs, d.text)
  }
  git(root, 'init', '-q', '-b', 'main')
  git(root, 'add', '-A')
  git(root, 'commit', '-qm', 'bench corpus')
  // Refresh the index stat cache so later `git status` (and our index refresh) never hash everything.
  git(root, 'status', '--porcelain')
  writeFileSync(marker, `${docs} ${seed}\n`)
  return { root, name, docs }
}
