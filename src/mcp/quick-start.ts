import {
  cacheHolds,
  listParamsKey,
  openingKey,
  readStartCache,
  startInputs,
  type AnswerMessage,
  type OpeningMethod,
  type StartAnswers,
  type StartCache,
  type StartInputs
} from './start-cache'

/**
 * The stdio server's first answers, before the MCP SDK is loaded (issue 30 §2). A host spawns the
 * server at each session and waits for `initialize` (2026-07-28: `server/discover`) then
 * `tools/list`; loading the SDK, the engine and the YAML library takes ~100 ms of a ~130 ms start,
 * a bare Node ~30. When the start cache
 * (start-cache.ts) holds this start's answers, they are written at once; everything read from stdin
 * meanwhile is then handed, byte for byte, to the SDK's session (stdio-transport.ts), which handles
 * it as if it had read it itself. The requests answered here reach it under a private id, so that
 * its own answers to them are recognised, compared with what was sent, and not sent again
 * (stdio-server.ts). Anything else — no cache, another first message, a line this reader cannot
 * parse, a protocol version the cache has no answer for — is handed over at once, unanswered: the
 * SDK then answers it as it always did.
 *
 * Only this module, start-cache.ts and the light modules they import load before the hand-over.
 */

type Id = string | number

/** A request answered here: the SDK answers it again under `privateId`, and that answer is not sent. */
export interface QuickAnswer {
  method: OpeningMethod | 'tools/list'
  /** The client's id. */
  id: Id
  /** The line written to the client (without its newline). */
  line: string
  /** The session's opening key (openingKey): the version its `initialize` asked, or its discover's params. */
  openingKey: string
}

export interface Handover {
  /** What this start depended on, read before anything else (the start cache is recorded from it). */
  inputs: StartInputs
  /** This start's entry of the cache as read at start (null: none for its key, or unreadable). */
  cache: StartCache | null
  /** The bytes read from stdin, for the transport to handle first (answered requests re-identified). */
  prefix: Buffer
  /** stdin ended while this reader held it. */
  ended: boolean
  /** The requests answered from the cache, by the private id their copy in `prefix` carries. */
  answered: Map<string, QuickAnswer>
}

/** OKF_HUB_QUICK_START=0 turns the quick start off (every start then goes the long way). */
export function quickStartEnabled(env: NodeJS.ProcessEnv): boolean {
  return env.OKF_HUB_QUICK_START !== '0'
}

/**
 * After the opening is answered, the reader waits this long for `tools/list` before handing over,
 * so that a host that lists later does not wait on an SDK that was not loading meanwhile. Speed
 * only: whichever way it goes, every request is answered once.
 */
export const LIST_WAIT_MS = 50

/** A first line longer than this is the SDK's to refuse (stdio-transport.ts bounds lines). */
const MAX_QUICK_LINE_BYTES = 1024 * 1024

const NEWLINE = 0x0a
const NL = Buffer.from([NEWLINE])

/**
 * Answers the opening (`initialize` or `server/discover`) and then `tools/list` from the start cache
 * when it holds, then hands over.
 * Resolves at once (nothing read) when the cache does not hold.
 */
export function quickStart(
  argv: string[],
  env: NodeJS.ProcessEnv,
  stdin: NodeJS.ReadableStream = process.stdin,
  stdout: NodeJS.WritableStream = process.stdout
): Promise<Handover> {
  const inputs = startInputs(argv, env, process.cwd())
  const cache = readStartCache(inputs.userDataDir, inputs.key)
  const handover: Handover = { inputs, cache, prefix: Buffer.alloc(0), ended: false, answered: new Map() }
  if (!cache || !cacheHolds(cache, inputs)) return Promise.resolve(handover)

  return new Promise((resolve) => {
    const out: Buffer[] = []
    let rest = Buffer.alloc(0)
    let opened: { key: string; method: OpeningMethod; stored: StartAnswers } | null = null
    let timer: NodeJS.Timeout | undefined
    let done = false
    const privateId = (): string => `okf-hub-quick-start-${Math.random().toString(36).slice(2)}`

    const finish = (): void => {
      if (done) return
      done = true
      clearTimeout(timer)
      stdin.off('data', onData)
      stdin.off('end', onEnd)
      stdin.off('error', onEnd)
      stdin.pause()
      handover.prefix = Buffer.concat([...out, rest])
      resolve(handover)
    }

    const answer = (request: { id: Id }, method: QuickAnswer['method'], stored: AnswerMessage): void => {
      const message = { ...stored, id: request.id }
      const line = JSON.stringify(message)
      stdout.write(line + '\n')
      const id = privateId()
      handover.answered.set(id, { method, id: request.id, line, openingKey: opened?.key ?? '' })
      out.push(Buffer.from(JSON.stringify({ ...request, id })), NL)
    }

    /**
     * One whole line: `more` when it was taken (answered or passed on) and the next may be too,
     * `last` when it was taken and the SDK takes over from the next, `declined` when it is the SDK's.
     */
    const take = (raw: Buffer): 'more' | 'last' | 'declined' => {
      const text = raw.toString('utf8').replace(/\r$/, '')
      if (text.trim() === '') {
        out.push(raw, NL)
        return 'more'
      }
      let msg: unknown
      try {
        msg = JSON.parse(text)
      } catch {
        return 'declined'
      }
      if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return 'declined'
      const m = msg as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }
      const isRequest = m.jsonrpc === '2.0' && (typeof m.id === 'string' || typeof m.id === 'number')
      const params =
        typeof m.params === 'object' && m.params !== null ? (m.params as Record<string, unknown>) : {}
      if (opened === null) {
        const key = isRequest ? openingKey(m.method, params) : null
        const stored = key === null ? undefined : cache.answers[key]
        if (key === null || !stored) return 'declined'
        opened = { key, method: m.method as OpeningMethod, stored }
        answer(m as { id: Id }, opened.method, stored.opening)
        timer = setTimeout(finish, LIST_WAIT_MS)
        return 'more'
      }
      if (m.jsonrpc === '2.0' && m.method === 'notifications/initialized' && m.id === undefined) {
        out.push(raw, NL)
        return 'more'
      }
      if (!isRequest || m.method !== 'tools/list' || params.cursor !== undefined) return 'declined'
      // 2026-07-28: only the very params recorded (the envelope may change the answer).
      if (listParamsKey(opened.method, params) !== opened.stored.listParams) return 'declined'
      answer(m as { id: Id }, 'tools/list', opened.stored.toolsList)
      return 'last'
    }

    const onData = (chunk: Buffer | string): void => {
      let buf = Buffer.concat([rest, typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk])
      let nl: number
      while ((nl = buf.indexOf(NEWLINE)) >= 0) {
        const line = buf.subarray(0, nl)
        const after = buf.subarray(nl + 1)
        const step = take(line)
        if (step !== 'more') {
          // A declined line goes to the SDK as it came, followed by whatever came after it.
          rest = step === 'last' ? Buffer.from(after) : Buffer.concat([line, NL, after])
          finish()
          return
        }
        buf = after
      }
      rest = Buffer.from(buf)
      if (rest.length > MAX_QUICK_LINE_BYTES) finish()
    }
    // stdin's end, or an error reading it (then nothing more will come either): what was read is
    // handed over, and the session ends once it is answered.
    const onEnd = (): void => {
      handover.ended = true
      finish()
    }
    stdin.on('data', onData)
    stdin.on('end', onEnd)
    stdin.on('error', onEnd)
  })
}
