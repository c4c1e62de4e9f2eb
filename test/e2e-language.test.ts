import { describe, expect, it } from 'vitest'
import { lineLanguage, linesInOtherLanguage } from '../e2e/helpers/language'

// The detector e2e/error-language.spec.ts relies on: it must tell the UI's two languages apart,
// including the engine's French sentences, and stay silent on paths, hosts and codes.
describe('the e2e language detector', () => {
  it.each([
    ["hôte 127.0.0.1:9 injoignable (connexion refusée) : vérifiez l'adresse, puis réessayez", 'fr'],
    ['Claude Desktop ne semble pas installé ici (/home/x/.config/Claude absent)', 'fr'],
    ['Bases : /tmp/b — Ctrl+C pour arrêter', 'fr'],
    ['Le serveur 127.0.0.1:9 est injoignable (connexion refusée).', 'fr'],
    ['The server 127.0.0.1:9 cannot be reached (connection refused).', 'en'],
    ['This app does not seem to be installed here.', 'en'],
    ['Check the address and your network connection (proxy, VPN), then try again.', 'en'],
    ['/home/user/.config/Claude/claude_desktop_config.json', null],
    ['INVALID_INPUT', null],
    ['https://github.com/org/repo.git', null],
    ['Claude Desktop', null]
  ] as const)('%j → %s', (line, lang) => {
    expect(lineLanguage(line)).toBe(lang)
  })

  it('finds the French line in an English page, and nothing in a consistent one', () => {
    const page = 'Import a base\nThe import failed.\nhôte h injoignable : vérifiez l’adresse\nINVALID_INPUT'
    expect(linesInOtherLanguage(page, 'en')).toEqual(['hôte h injoignable : vérifiez l’adresse'])
    expect(linesInOtherLanguage('Importer une base\nL’import a échoué.', 'fr')).toEqual([])
    expect(linesInOtherLanguage('Importer une base\nThe import failed: check the address.', 'fr')).toEqual([
      'The import failed: check the address.'
    ])
  })
})
