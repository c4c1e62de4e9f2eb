import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { removeDir, tempDir, waitFor } from './helpers/fixtures'
import { buildHubFixture } from './helpers/hub-fixture'
import { CLI_JS, ROOT, assertBuilt, hubEnv } from './helpers/mcp'
import { startBearerShim, type BearerShim } from './helpers/bearer-shim'

/**
 * The official conformance suite (`@modelcontextprotocol/conformance`, its active server scenarios)
 * against `okf-hub serve --http`, run by the Node 22 it needs — the `node` package, a dev dependency
 * whose binary comes from the npm registry at install, never downloaded here. The suite sends no
 * auth header: a loopback relay adds the bearer token. Scenarios that call the suite's own fixture
 * tools, prompts or resources (`test_simple_text`, `test://static-text`…) cannot apply to a server
 * serving the contract's seven tools: each is listed with its reason, and its failure must be that
 * very absence (anything else fails here). Every other scenario must pass with no failed check,
 * and no answer it counted may be an `isError` result (a hollow pass). Table: docs/RELIABILITY.md.
 */

const NODE22 = join(ROOT, 'node_modules/node/bin/node')
const SUITE = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js')
const TOKEN = 'jeton-conformite-0123456789abcdef'

const FIXTURE_TOOLS = 'calls the suite’s fixture tool'
const FIXTURE_PROMPT = 'gets the suite’s fixture prompt'
const FIXTURE_RESOURCE = 'reads the suite’s fixture resource'

/** Scenario → why it does not apply (what it calls that only the suite's reference server has). */
export const NOT_APPLICABLE: Record<string, string> = {
  'tools-call-simple-text': `${FIXTURE_TOOLS} test_simple_text`,
  'tools-call-image': `${FIXTURE_TOOLS} test_image_content`,
  'tools-call-audio': `${FIXTURE_TOOLS} test_audio_content`,
  'tools-call-embedded-resource': `${FIXTURE_TOOLS} test_embedded_resource`,
  'tools-call-mixed-content': `${FIXTURE_TOOLS} test_multiple_content_types`,
  'tools-call-with-logging': `${FIXTURE_TOOLS} test_tool_with_logging`,
  'tools-call-error': `${FIXTURE_TOOLS} test_error_handling`,
  'tools-call-with-progress': `${FIXTURE_TOOLS} test_tool_with_progress`,
  'tools-call-sampling': `${FIXTURE_TOOLS} test_sampling (and the hub never samples)`,
  'tools-call-elicitation': `${FIXTURE_TOOLS} test_elicitation (and the hub never elicits)`,
  'elicitation-sep1034-defaults': `${FIXTURE_TOOLS} test_elicitation_sep1034_defaults`,
  'elicitation-sep1330-enums': `${FIXTURE_TOOLS} test_elicitation_sep1330_enums`,
  'resources-read-text': `${FIXTURE_RESOURCE} test://static-text`,
  'resources-read-binary': `${FIXTURE_RESOURCE} test://static-binary`,
  'resources-templates-read': `${FIXTURE_RESOURCE} template test://template/{id}/data`,
  'resources-subscribe': `subscribes to the suite’s fixture resource test://watched-resource`,
  'resources-unsubscribe': `unsubscribes from the suite’s fixture resource test://watched-resource`,
  'prompts-get-simple': `${FIXTURE_PROMPT} test_simple_prompt`,
  'prompts-get-with-args': `${FIXTURE_PROMPT} test_prompt_with_arguments`,
  'prompts-get-embedded-resource': `${FIXTURE_PROMPT} test_prompt_with_embedded_resource`,
  'prompts-get-with-image': `${FIXTURE_PROMPT} test_prompt_with_image`
}

/** The active scenarios that apply to any server: each must pass. */
const APPLICABLE = [
  'server-initialize',
  'logging-set-level',
  'ping',
  'completion-complete',
  'tools-list',
  'server-sse-multiple-streams',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection'
]

/** The only failure a not-applicable scenario may show: the fixture it asked for does not exist here. */
const ABSENT_FIXTURE =
  /outil inconnu : test_|prompt inconnu : test_|URI de ressource invalide : attendu okf:\/\/|not found\. Available tools: kb_list/

interface Check {
  name: string
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED'
  errorMessage?: string
  details?: unknown
}

describe('official MCP conformance suite (server scenarios) against okf-hub serve --http', () => {
  let dir: string
  let out: string
  let door: ChildProcess
  let shim: BearerShim
  const results = new Map<string, Check[]>()

  beforeAll(async () => {
    assertBuilt()
    expect(existsSync(NODE22), `${NODE22} missing: npm ci installs the node 22 dev dependency`).toBe(true)
    dir = tempDir()
    out = tempDir('okf-conformance-')
    buildHubFixture(dir)
    const h = hubEnv(dir, { defaultBases: true })
    door = spawn(process.execPath, [CLI_JS, 'serve', '--http', '--port', '0'], {
      env: { ...h.env, OKF_HUB_HTTP_TOKEN: TOKEN },
      cwd: '/',
      stdio: ['ignore', 'ignore', 'pipe']
    })
    let err = ''
    door.stderr!.on('data', (d: Buffer) => (err += d.toString()))
    await waitFor(() => /127\.0\.0\.1:(\d+)\/mcp/.test(err) || door.exitCode !== null)
    const port = Number(/127\.0\.0\.1:(\d+)\/mcp/.exec(err)?.[1])
    shim = await startBearerShim(port, TOKEN)
    const suite = spawn(NODE22, [SUITE, 'server', '--url', shim.url, '--output-dir', out], {
      cwd: out,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let log = ''
    suite.stdout!.on('data', (d: Buffer) => (log += d.toString()))
    suite.stderr!.on('data', (d: Buffer) => (log += d.toString()))
    await new Promise<void>((resolve) => suite.on('exit', () => resolve()))
    for (const d of readdirSync(out)) {
      const m = /^server-(.+)-\d{4}-\d{2}-\d{2}T/.exec(d)
      if (m) results.set(m[1], JSON.parse(readFileSync(join(out, d, 'checks.json'), 'utf8')) as Check[])
    }
    if (results.size === 0) throw new Error(`the suite produced no result:\n${log}`)
  }, 120_000)

  afterAll(async () => {
    await shim?.close()
    door?.kill('SIGTERM')
    removeDir(dir)
    removeDir(out)
  })

  it('runs the active server scenarios, and knows each of them', () => {
    // A scenario added by a new suite version must be judged here, not silently counted.
    const known = new Set([...Object.keys(NOT_APPLICABLE), ...APPLICABLE])
    expect([...results.keys()].filter((s) => !known.has(s))).toEqual([])
    expect([...results.keys()].sort()).toEqual([...known].sort())
  })

  it('every applicable scenario passes: no failed check, no warning, no isError answer counted', () => {
    for (const s of APPLICABLE) {
      const checks = results.get(s) ?? []
      expect(checks.length, s).toBeGreaterThan(0)
      for (const c of checks)
        expect(`${s}: ${c.name} ${c.status} ${c.errorMessage ?? ''}`).toMatch(/ (SUCCESS|INFO) /)
      expect(JSON.stringify(checks), `${s}: hollow pass`).not.toMatch(/"isError":\s*true/)
    }
  })

  it('each not-applicable scenario fails only for the fixture it needs, absent here', () => {
    for (const [s, why] of Object.entries(NOT_APPLICABLE)) {
      const failed = (results.get(s) ?? []).filter((c) => c.status === 'FAILURE')
      expect(failed.length, `${s} (${why})`).toBeGreaterThan(0)
      for (const c of failed) expect(c.errorMessage ?? '', s).toMatch(ABSENT_FIXTURE)
    }
  })
})
