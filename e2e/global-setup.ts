import { existsSync } from 'node:fs'
import { assertBuilt } from './helpers/hub'

/**
 * Fails the run at once, with what to do, instead of sixteen launch errors: the suite needs the
 * built app (`npm run build`, which `npm test` does first) and Debian's Chromium (Playwright's
 * browser download is not reachable on our machines; `.ci/run` installs the package).
 */
export default function globalSetup(): void {
  const chromium = process.env.OKF_E2E_CHROMIUM ?? '/usr/bin/chromium'
  if (!existsSync(chromium))
    throw new Error(
      `Chromium not found at ${chromium}: install it (apt-get install -y chromium) or set OKF_E2E_CHROMIUM`
    )
  assertBuilt()
}
