import { test as base } from '@playwright/test'
import { startHub, type Hub } from './hub'
import { connectAgent, type Agent } from './mcp'

/** Every test gets its own hub (temp bases, temp user data) and an agent on the same bases. */
export const test = base.extend<{ hub: Hub; agent: Agent }>({
  // eslint-disable-next-line no-empty-pattern
  hub: async ({}, use) => {
    const hub = await startHub()
    await use(hub)
    await hub.stop()
  },
  agent: async ({ hub }, use) => {
    const agent = await connectAgent(hub)
    await use(agent)
    await agent.close()
  }
})

export { expect } from '@playwright/test'

export const GUIDE = 'okf-hub-guide'
export const FEEDBACK = 'okf-hub-feedback'
