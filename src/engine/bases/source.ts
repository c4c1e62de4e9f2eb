import { isAbsolute, normalize } from 'node:path'
import { invalidInput } from '../errors'

/**
 * What an import reads from: an http(s) git URL, or an absolute local path (a git repository or a
 * plain folder). Anything else is refused here, before a folder is created.
 */
export type ImportSource = { kind: 'http'; url: string } | { kind: 'local'; path: string }

/**
 * Parses the source the manager typed. A URL carrying credentials (`https://user:token@host/…`)
 * is refused: git would keep it, credentials included, in the clone's `.git/config`. The token
 * goes in its own field, which lives in memory only.
 */
export function parseSource(raw: string): ImportSource {
  const source = raw.trim()
  if (source === '')
    throw invalidInput(
      "source d'import vide : donnez l'URL https d'un dépôt git ou le chemin absolu d'un dossier",
      { kind: 'import-source-empty' }
    )
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) {
    let url: URL
    try {
      url = new URL(source)
    } catch {
      throw invalidInput(
        "URL illisible : donnez l'adresse https du dépôt, telle que l'affiche le bouton « Clone » de l'hébergeur",
        { kind: 'import-url-unreadable' }
      )
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw invalidInput(
        `protocole ${url.protocol.replace(/:$/, '')} non pris en charge : donnez l'adresse https du dépôt (le hub clone en HTTP(S) uniquement), ou le chemin d'un dossier local`,
        { kind: 'import-url-protocol', params: { protocol: url.protocol.replace(/:$/, '') } }
      )
    if (url.username !== '' || url.password !== '')
      throw invalidInput(
        "l'URL contient un identifiant ou un mot de passe : git l'écrirait en clair dans .git/config. Donnez l'URL sans identifiants et le jeton dans le champ prévu (variable OKF_HUB_GIT_TOKEN pour okf-hub import)",
        { kind: 'import-url-credentials' }
      )
    if (url.search !== '' || url.hash !== '')
      throw invalidInput(
        "l'URL du dépôt ne doit porter ni paramètres (?…) ni ancre (#…) : donnez l'adresse de clonage telle quelle",
        { kind: 'import-url-query' }
      )
    const path = url.pathname.replace(/\/+$/, '')
    if (path === '')
      throw invalidInput(
        `l'URL ${url.origin} ne nomme aucun dépôt : ajoutez son chemin (…/organisation/depot.git)`,
        { kind: 'import-url-no-path', params: { origin: url.origin } }
      )
    return { kind: 'http', url: `${url.origin}${path}` }
  }
  if (/^[\w.-]+@[\w.-]+:/.test(source))
    throw invalidInput(
      "adresse SSH non prise en charge : donnez l'adresse https du dépôt (et un jeton d'accès s'il est privé)",
      { kind: 'import-url-ssh' }
    )
  if (!isAbsolute(source))
    throw invalidInput(
      `chemin relatif refusé ('${source.slice(0, 200)}') : donnez le chemin absolu du dossier à importer`,
      { kind: 'import-path-relative', params: { path: source.slice(0, 200) } }
    )
  return { kind: 'local', path: normalize(source).replace(/(.)[/\\]+$/, '$1') }
}
