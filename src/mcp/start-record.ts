import { describeError } from '../engine/errors'
import type { HubConfig } from '../engine/config'
import type { HubLog } from '../engine/hublog'
import type { Hub } from './hub'
import type { Handover } from './quick-start'
import { nextStartCache, writeStartCache, type AnswerMessage } from './start-cache'
import type { StartAnswer } from './stdio-transport'

/**
 * The stdio door's side of the quick start (quick-start.ts): once the SDK has answered the
 * session's opening (`initialize`, or 2026-07-28's `server/discover`) and first `tools/list`, those
 * answers are compared with what the quick start sent, if it did, and recorded for the next start
 * (start-cache.ts).
 *
 * A `tools/list` that differs from the one sent (a change the cache's checks could not see) is
 * corrected the way live discovery corrects any list: the client is sent
 * `notifications/tools/list_changed` and lists again — in a 2026-07-28 session, which has no
 * session to notify, by the list's own `ttlMs`, after which the client lists again. An opening
 * answer cannot be taken back; a difference is logged, and the cache rewritten so that the next
 * start gives the SDK's answer.
 */
export function recordStartAnswers(
  handover: Handover,
  hub: Hub,
  config: HubConfig,
  log: HubLog,
  toolsChanged: () => void
): (answer: StartAnswer) => void {
  let opening: StartAnswer | undefined
  return (answer) => {
    const differs = answer.quick !== undefined && answer.line !== answer.quick.line
    if (differs && answer.method === 'tools/list' && opening?.method === 'server/discover') {
      // No session to notify in 2026-07-28: the list's own ttlMs has the client list again.
      log.info('démarrage rapide : les outils ont changé depuis la réponse du cache — cache réécrit')
    } else if (differs && answer.method === 'tools/list') {
      log.info(
        'démarrage rapide : les outils ont changé depuis la réponse du cache — tools/list_changed envoyé'
      )
      toolsChanged()
    } else if (differs) {
      log.warning(
        `démarrage rapide : la réponse à ${answer.method} différait de celle du SDK — cache de démarrage réécrit`
      )
    }
    if (answer.method !== 'tools/list') {
      opening = answer
      return
    }
    if (!opening || opening.openingKey !== answer.openingKey) return
    if (!('result' in opening.message) || !('result' in answer.message)) return
    // Both answers came from the cache and were the SDK's own: nothing new to write.
    const same = (a: StartAnswer): boolean => a.quick !== undefined && a.line === a.quick.line
    if (same(opening) && same(answer)) return
    // A configuration rewritten within the racy window is not recorded: the next start reads it.
    if (!handover.inputs.configSettled) return
    const discovery = hub.ctx.registry.discoveryState()
    if (!discovery) return
    const blank = (m: StartAnswer['message']): AnswerMessage => ({ ...m, id: null })
    try {
      writeStartCache(
        handover.inputs.userDataDir,
        nextStartCache(
          handover.cache,
          handover.inputs,
          { basesDir: config.basesDir, ...discovery },
          answer.openingKey,
          {
            opening: blank(opening.message),
            toolsList: blank(answer.message),
            ...(answer.params !== undefined ? { listParams: answer.params } : {})
          }
        )
      )
    } catch (e) {
      log.warning(
        `cache de démarrage non écrit (le prochain démarrage passera par le SDK) : ${describeError(e)}`
      )
    }
  }
}
