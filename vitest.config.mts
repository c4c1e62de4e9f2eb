import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Hang guards: waits have no deadline of their own (test/helpers/fixtures.ts waitFor), so these
    // bound a condition that never comes; generous, since a loaded machine is slow, not wrong.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default']
  }
})
