/**
 * Where an event happens: the spec's `venue` {name, address, latitude, longitude}, `address` (one line) and
 * `city`. The city comes from the source's locality; for a one-line address ("79 Washington St.,
 * Providence, RI") it is the part before the region, postal code and country.
 */
import type { Event } from '../../model/event'
import type { CandidatePlace } from '../types'
import { parseAddress } from '../../geo/address'
import { documentMemo } from '../document-memo'
import { cleanLine } from './text'

type Venue = NonNullable<Event['venue']>

const REGION_CODES = 'al ak az ar ca co ct de dc fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh nj nm ny nc nd oh ok or pa ri sc sd tn tx ut vt va wa wv wy pr gu vi ab bc mb nb nl ns nt nu on pe qc sk yt nsw vic qld tas act'
const REGION_NAMES = [
  'alabama', 'alaska', 'arizona', 'arkansas', 'california', 'colorado', 'connecticut', 'delaware', 'florida', 'georgia', 'hawaii', 'idaho', 'illinois',
  'indiana', 'iowa', 'kansas', 'kentucky', 'louisiana', 'maine', 'maryland', 'massachusetts', 'michigan', 'minnesota', 'mississippi', 'missouri',
  'montana', 'nebraska', 'nevada', 'new hampshire', 'new jersey', 'new mexico', 'new york', 'north carolina', 'north dakota', 'ohio', 'oklahoma',
  'oregon', 'pennsylvania', 'rhode island', 'south carolina', 'south dakota', 'tennessee', 'texas', 'utah', 'vermont', 'virginia', 'washington',
  'west virginia', 'wisconsin', 'wyoming', 'alberta', 'british columbia', 'manitoba', 'new brunswick', 'newfoundland and labrador', 'nova scotia',
  'ontario', 'quebec', 'québec', 'saskatchewan',
]
/** US states, Canadian provinces and Australian states, by code and name (lower case). */
const REGIONS = new Set([...REGION_CODES.split(' '), ...REGION_NAMES])
const COUNTRIES = /^(us|usa|u\.s\.a?\.?|united states( of america)?|ca|can|canada|uk|u\.k\.|gb|united kingdom|england|scotland|wales|ireland|australia|au|new zealand|nz|france|germany|deutschland|españa|spain|italy|italia|mexico|méxico)$/i
const POSTAL = /^(\d{4,6}(-\d{4})?|[a-z]\d[a-z] ?\d[a-z]\d|[a-z]{1,2}\d[a-z\d]? ?\d[a-z]{2})$/i

function isRegion(part: string): boolean {
  const p = part.toLowerCase().replace(/\./g, '')
  if (REGIONS.has(p)) return true
  const m = /^(.+?)\s+(\d{5}(-\d{4})?|[a-z]\d[a-z] ?\d[a-z]\d)$/i.exec(p)
  return !!m && REGIONS.has(m[1])
}

function plausibleCity(part: string | undefined): string | undefined {
  return part && !/^\d/.test(part) && !/\d{3,}/.test(part) && part.length <= 60 ? part : undefined
}

/**
 * The city of a one-line address, when its shape shows one ("…, Providence, RI 02903, USA" → Providence,
 * "12 rue de la République, 69002 Lyon" → Lyon, "…, Little Whinging, Surrey GU1 2AB" → Little Whinging).
 */
export function cityFromAddress(address: string | undefined): string | undefined {
  if (!address) return undefined
  const parts = address.split(',').map((s) => s.trim()).filter(Boolean)
  const written = parts.length
  while (parts.length > 1 && (COUNTRIES.test(parts[parts.length - 1]) || POSTAL.test(parts[parts.length - 1]))) parts.pop()
  const last = parts[parts.length - 1]
  if (parts.length >= 2 && isRegion(last)) return plausibleCity(parts[parts.length - 2])
  const inline = /^(.+?)\s+([A-Za-z]{2})(\s+[A-Za-z\d]{3}(\s?[A-Za-z\d]{3})?|\s+\d{5}(-\d{4})?)?$/.exec(last ?? '')
  if (inline && isRegion(inline[2]) && (parts.length >= 2 || inline[3])) return plausibleCity(inline[1])
  if (parts.length === 1 && written > 1) return plausibleCity(parts[0])
  // Postal code before the city (Europe) or a UK postcode after it: the address parser knows those shapes.
  const parsed = parseAddress(address)
  return parsed.postalCode ? plausibleCity(parsed.city) : undefined
}

/** A document's events repeat their venue's address: its city is read once per document. */
const cityOfAddress = documentMemo((address: string) => cityFromAddress(address) ?? null)

function joinAddress(p: CandidatePlace): string | undefined {
  const regionLine = [p.region, p.postalCode].filter(Boolean).join(' ')
  const parts = [p.street, p.city, regionLine, p.country].map((s) => cleanLine(s)).filter((s): s is string => !!s)
  return parts.length ? parts.join(', ') : undefined
}

function coordinate(value: number | undefined, limit: number): number | undefined {
  return value !== undefined && Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined
}

export type NormalizedPlace = { venue?: Venue; address?: string; city?: string; latitude?: number; longitude?: number }

/** The record's place fields for a candidate place; empty when the source names no place. */
export function normalizePlace(p: CandidatePlace | undefined): NormalizedPlace {
  if (!p) return {}
  const name = cleanLine(p.name)
  const written = cleanLine(p.address)
  const composed = joinAddress(p)
  const address = written && composed && !written.includes(cleanLine(p.city) ?? '\u0000') ? `${written}, ${composed}` : (written ?? composed)
  const city = cleanLine(p.city) ?? (written ? (cityOfAddress(written) ?? undefined) : undefined)
  let latitude = coordinate(p.latitude, 90)
  let longitude = coordinate(p.longitude, 180)
  if (latitude === undefined || longitude === undefined) latitude = longitude = undefined
  const out: NormalizedPlace = {}
  if (name || address || latitude !== undefined) out.venue = { name: name ?? null, address: address ?? null, latitude: latitude ?? null, longitude: longitude ?? null }
  if (address) out.address = address
  if (city) out.city = city
  if (latitude !== undefined) Object.assign(out, { latitude, longitude })
  return out
}
