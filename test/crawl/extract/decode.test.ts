// Pins byte decoding (extractDocument): BOM first, then the Content-Type charset, then a `<meta charset>`
// or XML declaration, then UTF-8 when valid, else windows-1252; never a throw. A decoder kept for a label
// decodes each document on its own (nothing carried from the one before).
import { describe, expect, it } from 'bun:test'
import { decodeBody } from '../../../src/crawl/extract/decode'

const latin1 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)))

describe('decodeBody', () => {
  it('honours byte-order marks', () => {
    expect(decodeBody(Uint8Array.from([0xef, 0xbb, 0xbf, 0x63, 0x61, 0x66, 0xc3, 0xa9])).text).toBe('café')
    const utf16 = Uint8Array.from([0xff, 0xfe, 0x63, 0x00, 0xe9, 0x00])
    expect(decodeBody(utf16)).toMatchObject({ text: 'cé', charset: 'utf-16le' })
  })

  it('uses the Content-Type charset, then the page’s own declaration', () => {
    expect(decodeBody(latin1('caf\u00e9'), 'text/html; charset=ISO-8859-1').text).toBe('café')
    expect(decodeBody(latin1('<meta charset="windows-1252"><p>\u0093quoted\u0094</p>')).text).toContain('“quoted”')
    expect(decodeBody(latin1('<?xml version="1.0" encoding="ISO-8859-1"?><rss>caf\u00e9</rss>')).text).toContain('café')
  })

  it('falls back to UTF-8 when valid, else windows-1252', () => {
    expect(decodeBody(new TextEncoder().encode('Café – Story Time')).text).toBe('Café – Story Time')
    expect(decodeBody(latin1('Caf\u00e9')).charset).toBe('windows-1252')
  })

  it('reports a charset it does not know and still decodes', () => {
    const r = decodeBody(new TextEncoder().encode('ok'), 'text/html; charset=x-klingon')
    expect(r.text).toBe('ok')
    expect(r.warnings[0]).toContain('x-klingon')
    expect(decodeBody(new TextEncoder().encode('ok'), 'text/html; charset=x-klingon').warnings[0]).toContain('x-klingon')
  })

  it('decodes each document on its own when a label comes again, whatever its case and quotes', () => {
    // A trailing lead byte of a multi-byte sequence must not carry into the next document.
    expect(decodeBody(Uint8Array.from([0x61, 0x82]), 'text/html; charset=Shift_JIS').text).toBe('a\ufffd')
    expect(decodeBody(Uint8Array.from([0x62]), 'text/html; charset="shift_jis"').text).toBe('b')
    expect(decodeBody(latin1('<meta charset="ISO-8859-1">caf\u00e9')).text).toContain('café')
    expect(decodeBody(latin1('<meta charset="iso-8859-1">na\u00efve')).text).toContain('naïve')
  })
})
