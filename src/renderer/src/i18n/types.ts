/** The French resources must have exactly the English keys (every string translated). */
export type { Resources } from '../../../shared/words/types'
