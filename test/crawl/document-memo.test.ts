// Pins the one-document memo (src/crawl/document-memo.ts): inside a document each distinct text is worked
// out once; a new document (extractDocument and normalizeCandidates each start one) begins with empty
// tables, so no answer is carried from one document to the next.
import { describe, expect, it } from 'bun:test'
import { documentMemo, startDocument } from '../../src/crawl/document-memo'
import { extractDocument } from '../../src/crawl/extract'

describe('document memo', () => {
  it('answers each text once per document and forgets at the next document', () => {
    const calls: string[] = []
    const upper = documentMemo((t: string) => {
      calls.push(t)
      return t.toUpperCase()
    })
    startDocument()
    expect([upper('a'), upper('a'), upper('b')]).toEqual(['A', 'A', 'B'])
    expect(calls).toEqual(['a', 'b'])
    extractDocument('<html><body><p>nothing here</p></body></html>', { baseUrl: 'https://x.example.org/', window: { start: '2026-01-01', end: '2026-12-31' } })
    expect(upper('a')).toBe('A')
    expect(calls).toEqual(['a', 'b', 'a'])
  })
})
