import { describe, expect, it } from 'vitest'
import { HubError } from '../errors'
import { memoryHubLog } from '../hublog'
import { toApiError } from './api-error'

describe('toApiError', () => {
  it('keeps the kind and parameters beside the sentence: the UI words the kind, never the sentence', () => {
    const e = new HubError('INVALID_INPUT', 'aperçu périmé', {
      kind: 'stale-preview',
      params: { paths: ['a.md', 'b.md'] }
    })
    expect(toApiError(e, memoryHubLog(), 'test')).toEqual({
      code: 'INVALID_INPUT',
      message: 'aperçu périmé',
      kind: 'stale-preview',
      params: { paths: ['a.md', 'b.md'] }
    })
  })

  it('sends no kind for an error that has none', () => {
    expect(toApiError(new HubError('BASE_BUSY', 'occupée'), memoryHubLog(), 'test')).toEqual({
      code: 'BASE_BUSY',
      message: 'occupée'
    })
  })
})
