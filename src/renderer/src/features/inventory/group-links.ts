import type { TFunction } from 'i18next'
import type { GroupLink } from '../../../../shared/review'

/**
 * Why proposals were put together, in the UI's language. The engine also words each link in
 * French (`reasons`, the CLI's text); the UI words the data instead, so English shows English.
 */
export function linkText(t: TFunction, number: (n: number) => string, link: GroupLink): string {
  switch (link.kind) {
    case 'similar-concerns':
      return t('inventory.linkSimilar', {
        a: link.a,
        b: link.b,
        // Two decimals, as the engine's text, in the locale's notation (0,67 in French).
        similarity: number(Math.round(link.similarity * 100) / 100)
      })
    case 'same-document':
      return t('inventory.linkSameDocument', { document: link.document, ids: link.ids.join(', ') })
    case 'more':
      return t('inventory.linkMore', { count: link.count })
  }
}
