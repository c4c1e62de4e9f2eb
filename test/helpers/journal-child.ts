import { writeSync } from 'node:fs'
import { JournalWriter } from '../../src/engine/journal/writer'
import { memoryHubLog } from '../../src/engine/hublog'

/**
 * A server's journal writer running flat out until it is SIGKILLed (journal-crash.test.ts): it says
 * on stderr which event it begins before recording it, so the test knows what a crash may lose.
 */
const dir = process.argv[2]
const w = new JournalWriter({ dir, enabled: () => true, log: memoryHubLog() })
for (let i = 0; ; i++) {
  writeSync(2, `${i}\n`)
  w.record(
    { session: 'crash', client: 'journal-child' },
    {
      tool: 'kb_search',
      bases: ['alpha'],
      query: `q${i} ${'x'.repeat(i % 300)}`,
      mode: 'keyword',
      results: 0,
      orFallback: false,
      groups: []
    }
  )
}
