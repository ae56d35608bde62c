/**
 * Bytes to text the way browsers decide (WHATWG "encoding sniffing", simplified): a byte-order mark first,
 * then the charset of the Content-Type, then a `<meta charset>` / XML declaration in the first bytes,
 * then UTF-8 if the bytes are valid UTF-8, else windows-1252 (what "latin-1" pages really are).
 */

const SNIFF_BYTES = 4096
/** The runtime's encoding label type: labels read from documents are checked by the constructor. */
type Label = ConstructorParameters<typeof TextDecoder>[0]

/**
 * Decoders by label, made once: nearly every page declares `utf-8` and a decoder holds no state between
 * whole-document `decode` calls. Only labels the runtime knows are kept (a finite set of names).
 */
const decoders = new Map<string, TextDecoder>()

function decoderFor(label: string | undefined): TextDecoder | undefined {
  if (!label) return undefined
  const name = label
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase()
  let decoder = decoders.get(name)
  if (decoder) return decoder
  try {
    decoder = new TextDecoder(name as Label)
  } catch {
    return undefined
  }
  decoders.set(name, decoder)
  return decoder
}

function bomCharset(bytes: Uint8Array): { charset: string; skip: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { charset: 'utf-8', skip: 3 }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { charset: 'utf-16le', skip: 2 }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { charset: 'utf-16be', skip: 2 }
  return undefined
}

/** The charset a document declares in its first bytes (`<meta charset>`, http-equiv, XML declaration). */
const LATIN = new TextDecoder('windows-1252')
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true })

function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = LATIN.decode(bytes.subarray(0, SNIFF_BYTES))
  const meta = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)
  if (meta) return meta[1]
  const xml = /^\s*<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)
  return xml?.[1]
}

export type Decoded = { text: string; charset: string; warnings: string[] }

/**
 * `decodeBody(bytes, contentType)`: the document's text and the charset used. A declared charset the
 * runtime does not know is reported and skipped; undecodable bytes become U+FFFD, never an error.
 */
export function decodeBody(bytes: Uint8Array, contentType?: string): Decoded {
  const warnings: string[] = []
  const bom = bomCharset(bytes)
  if (bom) return { text: new TextDecoder(bom.charset as Label).decode(bytes.subarray(bom.skip)), charset: bom.charset, warnings }
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1]
  for (const label of [fromHeader, declaredCharset(bytes)]) {
    if (!label) continue
    const decoder = decoderFor(label)
    if (!decoder) {
      warnings.push(`unknown charset "${label}" ignored`)
      continue
    }
    // A page that says UTF-16 in ASCII cannot be UTF-16 (WHATWG: treat as UTF-8).
    if (decoder.encoding.startsWith('utf-16')) continue
    if (decoder.encoding === 'utf-8') break
    return { text: decoder.decode(bytes), charset: decoder.encoding, warnings }
  }
  try {
    return { text: STRICT_UTF8.decode(bytes), charset: 'utf-8', warnings }
  } catch {
    if (fromHeader && /utf-?8/i.test(fromHeader)) {
      warnings.push('declared UTF-8 but the bytes are not valid UTF-8; invalid sequences replaced')
      return { text: new TextDecoder('utf-8').decode(bytes), charset: 'utf-8', warnings }
    }
    return { text: LATIN.decode(bytes), charset: 'windows-1252', warnings }
  }
}
