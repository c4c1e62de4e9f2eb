import { mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { makeBundle, writeFiles } from './fixtures'

/**
 * A fixed hub shared by the golden texts and the MCP-beyond-tools tests: three valid bases (one a
 * renamed clone with draft rules), proposals with fixed dates in the three folders, an escape link,
 * a file outside the corpus, and the discovery cases kb_hub_rescan reports (invalid bundle,
 * collision, spec warning). Nothing in it depends on the clock.
 */

export const prop = (fm: Record<string, string | string[]>, body = 'corps'): string =>
  '---\n' +
  Object.entries(fm)
    .map(([k, v]) =>
      Array.isArray(v) ? `${k}:\n${v.map((x) => `  - ${x}`).join('\n')}` : `${k}: ${JSON.stringify(v)}`
    )
    .join('\n') +
  `\n---\n\n${body}\n`

const big = (n: number): string =>
  ['---', 'title: Gros', 'tags: [perf]', '---', '', '# Gros document', ''].join('\n') +
  Array.from(
    { length: n },
    (_, i) => `\n## Section ${i}\n\nunique-${i}\n${'remplissage '.repeat(80)}\n`
  ).join('')

export function buildHubFixture(dir: string): void {
  const alpha = makeBundle(dir, 'alpha', {
    title: 'Base Alpha',
    description: 'Procédures   d’exploitation\nde la solution Alpha.',
    schema: 'fields:\n  last-verified: { type: date }\n',
    files: {
      'knowledge/sso.md':
        '---\ntitle: Procédure de reconnexion SSO\ntags: [sso]\nlast-verified: 2026-01-15\ntype: procedure\ndescription: secret\n---\n\n# Procédure SSO\n\nIntro.\n\n## Reconnexion\n\nCliquer sur « réauthentifier » dans le menu profil.\n\n## Déconnexion\n\nAutre chose.\n',
      'knowledge/a.md': '# A\n\nreconnexion SSO en panne\n',
      'knowledge/b.md': '# B\n\nreconnexion seulement\n',
      'knowledge/c.md': '# C\n\nSSO seulement\n',
      'knowledge/index.md': '# Index\n\nconnexion partout\n',
      'knowledge/conn.md': '# Connexion\n\nconnexion expliquée\n',
      'knowledge/beta.md': '# Version\n\nLa 3.2(beta) corrige tout. incident #4521 clos.\n',
      'knowledge/dup.md':
        '# Doublons\n\n## Notes\n\npremière\n\n## Notes\n\nseconde\n\n## Piège `relativePath` **confirmé**\n\ncontenu piège\n',
      'knowledge/gros.md': big(20),
      'knowledge/procedures/reseau.md': '# Réseau\n\n## Proxy\n\nLe proxy est en 3128.\n',
      'knowledge/procedures/vpn.md': '# VPN\n\nconnexion VPN par le client maison.\n',
      'knowledge/liens.md': '# Liens\n\nVoir [bdd](beta:/env/bdd.md).\n',
      'knowledge/CLAUDE.md': 'mot-temoin\n',
      'knowledge/proposals/p.md': 'mot-temoin\n',
      'knowledge/notes.txt': 'pas un document markdown\n',
      'source.xml.md': 'hors corpus\n',
      'proposals/pending/prop-2026-08-30-aaaa.md': prop({
        id: 'prop-2026-08-30-aaaa',
        'submitted-by': 'human:morva',
        'submitted-at': '2026-08-30T09:12:00Z',
        type: 'correction',
        concerns: 'procédure de reconnexion SSO',
        status: 'pending'
      }),
      'proposals/accepted/prop-2026-08-29-bbbb.md': prop({
        id: 'prop-2026-08-29-bbbb',
        'submitted-by': 'Human:Morva',
        'submitted-at': '2026-08-29T16:40:00Z',
        type: 'addition',
        concerns: 'nouveau port',
        status: 'accepted',
        resolution: 'accepted',
        'resolved-at': '2026-08-31T14:02:11Z',
        'integrated-into': ['sso.md', 'procedures/reseau.md']
      }),
      'proposals/rejected/prop-2026-08-28-cccc.md': prop({
        id: 'prop-2026-08-28-cccc',
        'submitted-by': 'human:morva',
        'submitted-at': '2026-08-28T10:00:00Z',
        type: 'observation',
        concerns: 'bouton déplacé',
        status: 'rejected',
        resolution: 'rejected',
        'resolved-at': '2026-08-31T14:02:11Z',
        'rejection-reason': 'hors périmètre de la base'
      }),
      'proposals/accepted/prop-2026-08-27-dddd.md': prop({
        id: 'prop-2026-08-27-dddd',
        'submitted-by': 'human:morva',
        'submitted-at': '2026-08-27T10:00:00Z',
        type: 'observation',
        concerns: 'incohérent',
        status: 'pending'
      }),
      'proposals/pending/casse.md': '---\n: : : pas du YAML\n---\n\ncorps\n'
    }
  })
  mkdirSync(join(dir, 'dehors'), { recursive: true })
  writeFiles(join(dir, 'dehors'), { 'secret.md': '# Secret\n\nne doit jamais sortir\n' })
  symlinkSync(join(dir, 'dehors', 'secret.md'), join(alpha, 'knowledge', 'fuite.md'))
  makeBundle(dir, 'clone-renomme', {
    name: 'beta',
    title: 'Base Beta',
    governance: '---\nstatus: draft\n---\n# Règles Beta\n\nSources exigées.\n',
    files: {
      'knowledge/env/bdd.md': '# BDD externe\n\nserveur bdd-ext\n',
      'knowledge/x.md': '# X\n\nreconnexion SSO en panne\n'
    }
  })
  const long = (i: number): string =>
    Array.from(
      { length: 30 },
      (_, l) => (l % 6 === 0 ? `cible ${i}.${l} ` : 'texte ') + 'mot '.repeat(70)
    ).join('\n')
  makeBundle(dir, 'volumineux', {
    files: Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [
        `knowledge/doc-${String(i).padStart(2, '0')}.md`,
        `# Doc ${i}\n\n${long(i)}\n`
      ])
    )
  })
  // What kb_hub_rescan reports besides the bases: an invalid bundle, a collision, a spec warning.
  makeBundle(dir, 'yaml-casse', { manifest: 'name: [non fermé\n', git: false })
  makeBundle(dir, 'zzz-doublon', { name: 'alpha', git: false })
  makeBundle(dir, 'phoenix', {
    git: false,
    manifest:
      'bundle-spec: "9.9"\nname: phoenix\ntitle: Phoenix\ndescription: Une base future.\ngovernance:\n  rules: GOVERNANCE.md\n'
  })
}
