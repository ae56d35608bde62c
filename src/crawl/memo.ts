import type { CrawlRequest, SourceMemo } from './crawl-types'
import type { ExtractResult } from './candidate-types'

/**
 * The largest memo kept (JSON characters, about 4 MB): a bigger document is simply read in full again
 * next time, since without a memo no conditional request is made for it.
 */
export const MEMO_MAX_CHARS = 4_000_000

/**
 * All the memos one crawl keeps together (about 16 MB, a few hundred times what a typical site needs):
 * a site cannot make its organization's stored sources grow without bound. Past it, further sources keep
 * no memo and are read in full next time.
 */
export const MEMO_BUDGET_CHARS = 16_000_000

/** A per-crawl gate over memo texts: each is kept while the crawl's {@link MEMO_BUDGET_CHARS} allows. */
export function memoBudget(limit = MEMO_BUDGET_CHARS): (text: string | undefined) => string | undefined {
  let used = 0
  return (text) => {
    if (text === undefined || used + text.length > limit) return undefined
    used += text.length
    return text
  }
}

/** The memo of a document read now (`url` is where it was finally read, after redirects), or undefined when too large. */
export function writeMemo(
  url: string,
  extracted: Pick<ExtractResult, 'format' | 'candidates' | 'links' | 'organizationPlace'> & Pick<SourceMemo, 'discovered'>,
  request: Pick<CrawlRequest, 'window' | 'scriptVersion'>,
): string | undefined {
  const memo: SourceMemo = { url, format: extracted.format, candidates: extracted.candidates, links: extracted.links, window: request.window, scriptVersion: request.scriptVersion }
  if (extracted.discovered?.length) memo.discovered = extracted.discovered
  if (extracted.organizationPlace) memo.organizationPlace = extracted.organizationPlace
  const text = JSON.stringify(memo)
  return text.length <= MEMO_MAX_CHARS ? text : undefined
}

/**
 * The memo a 304 may stand for in this crawl, or undefined: unreadable text, another window, or another
 * crawler version (extraction filters and reads dates against the window, and a new version may read a
 * page differently), in which case the document is fetched unconditionally.
 */
export function readMemo(text: string | undefined, request: Pick<CrawlRequest, 'window' | 'scriptVersion'>): SourceMemo | undefined {
  if (!text) return undefined
  let memo: SourceMemo
  try {
    memo = JSON.parse(text) as SourceMemo
  } catch {
    return undefined
  }
  if (!memo || typeof memo !== 'object' || typeof memo.url !== 'string' || typeof memo.format !== 'string' || !Array.isArray(memo.candidates)) return undefined
  if (memo.scriptVersion !== request.scriptVersion || memo.window?.start !== request.window.start || memo.window?.end !== request.window.end) return undefined
  if (memo.discovered !== undefined && !(Array.isArray(memo.discovered) && memo.discovered.every((t) => t && typeof t.url === 'string' && typeof t.kind === 'string' && typeof t.depth === 'number')))
    return undefined
  if (
    memo.organizationPlace !== undefined &&
    !(typeof memo.organizationPlace === 'object' && memo.organizationPlace !== null && Object.values(memo.organizationPlace).every((v) => typeof v === 'string' || typeof v === 'number'))
  )
    return undefined
  return memo
}
