// Pins how options are merged over defaults everywhere in src/ (issue 12): a key whose value is
// undefined never replaces a default (the bug that switched crawl politeness off), explicit values
// (0, false, '', null) do, later layers win over earlier ones, and neither input is mutated.
import { describe, expect, it } from 'bun:test'
import { withDefaults } from '../src/with-defaults'

describe('withDefaults', () => {
  it('ignores undefined values instead of overwriting the default', () => {
    const defaults = { politenessMs: 500, perHostConcurrency: 2 }
    expect(withDefaults(defaults, { politenessMs: undefined })).toEqual({ politenessMs: 500, perHostConcurrency: 2 })
  })

  it('keeps explicit falsy values: 0, false, empty string and null are choices', () => {
    const merged = withDefaults({ a: 500, b: true, c: 'x', d: 'y' as string | null }, { a: 0, b: false, c: '', d: null })
    expect(merged).toEqual({ a: 0, b: false, c: '', d: null })
  })

  it('applies several layers in order, skipping missing ones and undefined values in each', () => {
    const merged = withDefaults({ a: 1, b: 2, c: 3 }, { a: 10, b: undefined }, undefined, { b: undefined, c: 30 })
    expect(merged).toEqual({ a: 10, b: 2, c: 30 })
  })

  it('adds keys the defaults do not have, unless they are undefined', () => {
    const merged = withDefaults({ a: 1 } as { a: number; extra?: string; gone?: string }, { extra: 'x', gone: undefined })
    expect(merged).toEqual({ a: 1, extra: 'x' })
    expect('gone' in merged).toBe(false)
  })

  it('does not mutate its inputs and cannot be used to reach the prototype', () => {
    const defaults = { a: 1 }
    const options = JSON.parse('{"a": 2, "__proto__": {"polluted": true}}')
    const merged = withDefaults(defaults, options)
    expect(defaults).toEqual({ a: 1 })
    expect(merged.a).toBe(2)
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
    expect((merged as { polluted?: boolean }).polluted).toBeUndefined()
  })
})
