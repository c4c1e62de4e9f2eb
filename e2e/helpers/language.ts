/**
 * A rough language detector for the e2e "no sentence of the other language" checks: a line is
 * French or English when it holds at least two frequent function words of that language and more
 * of them than of the other (French accents count for French). Paths, hosts and codes carry
 * neither, so they never decide.
 */
export type Lang = 'en' | 'fr'

const FRENCH_WORDS = new Set(
  'le la les des du une est sont pas vous votre vos avec pour dans sur aucun aucune ce cette être été ou et au aux qui que ne plus puis sans déjà ici son sa ses il elle nous'.split(
    ' '
  )
)
const ENGLISH_WORDS = new Set(
  'the is are not you your with for in on no this of and to was be it its than then into from there here any already has have does cannot'.split(
    ' '
  )
)
const ACCENTS = /[éèêàçùôîœ]/g
const ELISION = /\b[ldnqcs][’'](?=\p{L})/giu

export function lineLanguage(line: string): Lang | null {
  const lower = line.toLowerCase()
  const words = lower.split(/[^\p{L}’']+/u).filter((w) => w !== '')
  let fr = (lower.match(ACCENTS) ?? []).length + (lower.match(ELISION) ?? []).length
  let en = 0
  for (const w of words) {
    if (FRENCH_WORDS.has(w)) fr++
    if (ENGLISH_WORDS.has(w)) en++
  }
  if (fr >= 2 && fr > en) return 'fr'
  if (en >= 2 && en > fr) return 'en'
  return null
}

/** The lines of `text` that read as the other language than `lang`. */
export function linesInOtherLanguage(text: string, lang: Lang): string[] {
  return text
    .split(/\n+/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && lineLanguage(l) === (lang === 'en' ? 'fr' : 'en'))
}
