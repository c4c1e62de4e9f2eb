/**
 * JSON Schema builders for the tools' `outputSchema` (the typed twin of their text). Objects are
 * closed (`additionalProperties: false`) and every listed property is required unless named
 * optional: a twin that grows a field without its schema fails the schema tests, not a host.
 */

export type Schema = Record<string, unknown>

export const str: Schema = { type: 'string' }
export const int: Schema = { type: 'integer', minimum: 0 }
export const bool: Schema = { type: 'boolean' }
export const strOrNull: Schema = { type: ['string', 'null'] }

export const arr = (items: Schema): Schema => ({ type: 'array', items })

export const oneOfStrings = (values: readonly string[]): Schema => ({ type: 'string', enum: [...values] })

export function obj(properties: Record<string, Schema>, optional: readonly string[] = []): Schema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    additionalProperties: false
  }
}

/** What the output budget left out of the text, and so out of the twin (which mirrors the text). */
export const truncation = { truncated: bool, omitted: int }
