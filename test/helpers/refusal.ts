import { HubError } from '../../src/engine/errors'

/** The engine's refusal of `p`, to look at its code, sentence, kind and parameters; fails if `p` succeeds. */
export async function hubRefusal(p: Promise<unknown>): Promise<HubError> {
  try {
    await p
  } catch (e) {
    if (e instanceof HubError) return e
    throw e
  }
  throw new Error('expected a refusal')
}
