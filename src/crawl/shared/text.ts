/**
 * Text as the Event record carries it: HTML entities decoded (also the double-encoded `&amp;#8217;` that
 * WordPress feeds emit), markup stripped, whitespace collapsed; descriptions keep one line per paragraph.
 */
import { decodeHTML } from 'entities'
import { parseFragment } from 'parse5'
import { documentMemo } from '../document-memo'
import { attr, type Element, findAll, textOf } from './dom'

const MARKUP = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>|<!--/i
const ENTITY = /&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/i
// Control characters other than tab and newline, and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufeff]/g

export type Link = { href: string; text: string }

/** White space that reading would change: at either end, doubled, or other than a plain space. */
const UNTIDY = /^\s|\s$|[^\S ]|  |\u200b/

// eslint-disable-next-line no-control-regex
const PLAIN_UNSAFE = /[<&\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufeff]/

/** Decodes entities, twice when the first pass reveals another layer (`&amp;amp;` → `&`). */
export function decodeEntities(text: string): string {
  let out = decodeHTML(text)
  if (ENTITY.test(out)) out = decodeHTML(out)
  return out
}

function collapseLine(line: string): string {
  return line.replace(/[ \t\u00a0\u2000-\u200b\u3000]+/g, ' ').trim()
}

/** Reads HTML (or plain text with entities) into text, plus the links it held. */
export function readRichText(raw: string, multiline: boolean): { text: string; links: Link[] } {
  // Plain text (most titles and places): no markup, no entity, no control character to deal with, and
  // mostly not even white space to tidy.
  if (!PLAIN_UNSAFE.test(raw) && !UNTIDY.test(raw)) return { text: raw, links: [] }
  if (!PLAIN_UNSAFE.test(raw))
    return {
      text: multiline
        ? raw
            .split(/\r?\n|\r/)
            .map(collapseLine)
            .filter(Boolean)
            .join('\n')
        : collapseLine(raw.replace(/\s+/g, ' ')),
      links: [],
    }
  // Some sources escape their HTML once more (`&lt;p&gt;` in JSON-LD): read it as the markup it is.
  if (!MARKUP.test(raw) && /&lt;\/?[a-z]/i.test(raw)) {
    const decoded = decodeEntities(raw)
    if (MARKUP.test(decoded)) return readRichText(decoded, multiline)
  }
  if (!MARKUP.test(raw)) {
    const decoded = decodeEntities(raw).replace(CONTROL, ' ')
    const text = multiline
      ? decoded
          .split(/\r?\n|\r/)
          .map(collapseLine)
          .filter(Boolean)
          .join('\n')
      : collapseLine(decoded.replace(/\s+/g, ' '))
    return { text, links: [] }
  }
  const simple = simpleMarkup(raw, multiline)
  if (simple) return simple
  const fragment = parseFragment(raw)
  const links = findAll(fragment, (el: Element) => el.tagName === 'a' && !!attr(el, 'href')).map((el) => ({ href: attr(el, 'href')!.trim(), text: textOf(el) }))
  let text = textOf(fragment, { lines: multiline })
  if (ENTITY.test(text)) text = decodeEntities(text)
  text = text.replace(CONTROL, ' ')
  text = multiline ? text.split('\n').map(collapseLine).filter(Boolean).join('\n') : collapseLine(text.replace(/\s+/g, ' '))
  return { text, links }
}

const SIMPLE_HTML = /^(?:[^<]|<\/?(?:p|br|b|strong|i|em|u|span|small|a|ul|ol|li|div|h[1-6])(?:\s+href="[^"<>]*")?\s*\/?>)*$/i
const SIMPLE_BLOCK = /<\/?(?:p|br|ul|ol|li|div|h[1-6])\b[^>]*>/gi

/**
 * Descriptions made of a few plain tags (`<p>`, `<br>`, `<b>`, `<a href>`, lists) read without a parser:
 * blocks become lines, other tags go, links are kept. Anything else (attributes, scripts, comments,
 * tables) is parsed.
 */
function simpleMarkup(raw: string, multiline: boolean): { text: string; links: Link[] } | undefined {
  if (raw.length > 20_000 || !SIMPLE_HTML.test(raw)) return undefined
  const links: Link[] = []
  for (const m of raw.matchAll(/<a\s+href="([^"<>]*)"\s*>([^<]*)<\/a>/gi)) links.push({ href: decodeEntities(m[1]).trim(), text: decodeEntities(m[2]).replace(/\s+/g, ' ').trim() })
  if (/<a\s/i.test(raw) && links.length !== (raw.match(/<a\s/gi) ?? []).length) return undefined
  const text = decodeEntities(raw.replace(SIMPLE_BLOCK, '\n').replace(/<[^>]*>/g, '')).replace(CONTROL, ' ')
  return {
    text: multiline
      ? text
          .split(/\r?\n|\r/)
          .map(collapseLine)
          .filter(Boolean)
          .join('\n')
      : collapseLine(text.replace(/\s+/g, ' ')),
    links,
  }
}

/** A one-line text field (title, names): cleaned, or undefined when nothing is left. */
export function cleanLine(raw: string | undefined, max = 500): string | undefined {
  if (raw === undefined) return undefined
  const text = lineText(raw)
  if (!text) return undefined
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}

/** A description: paragraphs as lines, capped in length (at a word boundary). */
export function cleanDescription(raw: string | undefined, max = 20_000): { text?: string; links: Link[] } {
  if (raw === undefined) return { links: [] }
  const { text, links } = richText(raw)
  if (!text) return { links }
  if (text.length <= max) return { text, links }
  const cut = text.slice(0, max)
  return { text: `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 200)).trimEnd()}…`, links }
}

// A document repeats its venues, descriptions and categories: each distinct text is read once per document.
const lineText = documentMemo((raw: string) => readRichText(raw, false).text)
const richText = documentMemo((raw: string) => readRichText(raw, true))
