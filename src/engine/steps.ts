import type { HubLog } from './hublog'

/**
 * The durable steps of the write paths, named so that fault-injection tests (issue 13) can throw
 * or kill their own process at each one in turn and check what is left. Only tests pass a hook
 * (through the operation's options); shipped code never does, so a step costs one optional call.
 */
export type StepHook = (step: string) => void | Promise<void>

/**
 * A step past an operation's point of no return (the branch moved, the file renamed into place):
 * nothing the real code does there can make the operation fail, so a throwing hook is logged, not
 * propagated — what a kill there leaves is what these steps exist to test.
 */
export async function stepPastCommit(hook: StepHook | undefined, step: string, log?: HubLog): Promise<void> {
  if (!hook) return
  try {
    await hook(step)
  } catch (e) {
    log?.warning(`étape ${step} : ${e instanceof Error ? e.message : String(e)} (opération déjà faite)`)
  }
}
