/**
 * The organization's own address as a page states it: a JSON-LD/microdata item that is no event and has
 * an `address` (Organization, LocalBusiness, Library, GovernmentOrganization, …), else an address written
 * in the page's footer, contact block or `<address>` element ("1400 W. Lacey Blvd Hanford CA 93230").
 * It is the last resort for the city of the page's events that name no place of their own (issue 18).
 */
import { findAddresses } from '../../../geo/address-text'
import type { ParsedAddress } from '../../../geo/address'
import type { CandidatePlace } from '../../candidate-types'
import { isEventItem, placeFromItem } from '../schema-org'
import { isItem, typesOf, type SchemaItem } from '../schema-values'
import type { Line } from './page-lines'

const MAX_TEXT = 20_000
const MAX_ITEMS = 2_000
const PAGE_TYPES = new Set(['WebPage', 'WebSite', 'BreadcrumbList', 'ListItem', 'ImageObject', 'SearchAction', 'EntryPoint', 'PostalAddress', 'Offer'])

/** An item's address as a place, when it is an organization-like item (no event, no page) that has one. */
function addressOf(item: SchemaItem): CandidatePlace | undefined {
  if (item.address === undefined || isEventItem(item) || typesOf(item).some((t) => PAGE_TYPES.has(t))) return undefined
  const { name: _name, url: _url, ...place } = placeFromItem(item)
  return place.city || place.address || place.postalCode ? place : undefined
}

/** The first organization-like item with an address, outside events (whose places are their own). */
function fromStructured(roots: unknown[]): CandidatePlace | undefined {
  const stack: unknown[] = [...roots].reverse()
  let seen = 0
  while (stack.length && seen++ < MAX_ITEMS) {
    const value = stack.pop()
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i])
      continue
    }
    if (!isItem(value) || isEventItem(value)) continue
    const found = addressOf(value)
    if (found) return found
    for (const key of ['@graph', 'publisher', 'provider', 'author', 'parentOrganization', 'mainEntity', 'about']) if (value[key] !== undefined) stack.push(value[key])
  }
  return undefined
}

/** How well a found address names a town: a postal code with its region or country best, then a town with its region. */
function rank(a: ParsedAddress): number {
  if (!a.city) return 0
  if (a.postalCode && (a.region || a.country)) return 3
  if (a.region) return 2
  return a.postalCode ? 1 : 0
}

/** The text of the page's footer-like lines (`<footer>`, role=contentinfo, `.footer`, `.contact`, `<address>`, `.vcard`: see page-marks FOOTER). */
function footerText(lines: Line[]): string {
  const out: string[] = []
  let size = 0
  for (const line of lines) {
    if (!line.text || line.virtual || line.footerAt === undefined || line.footerAt >= line.path.length) continue
    out.push(line.text)
    size += line.text.length + 1
    if (size > MAX_TEXT) break
  }
  return out.join('\n')
}

/** The organization's address from the page's structured data, else from its footer-like blocks; undefined when neither has one. */
export function organizationPlace(lines: Line[], roots: unknown[]): CandidatePlace | undefined {
  const structured = fromStructured(roots)
  if (structured) return structured
  const text = footerText(lines)
  if (!text) return undefined
  let best: { address: string; rank: number } | undefined
  for (const found of findAddresses(text)) {
    const r = rank(found.address)
    if (r > (best?.rank ?? 0)) best = { address: found.text, rank: r }
    if (r === 3) break
  }
  return best ? { address: best.address } : undefined
}
