/**
 * The zone of an organization that no source names (DESIGN §6: the source's zone first, then the
 * site's, then the venue's). Read, in order of trust, from where its events happen (venue coordinates,
 * then venue addresses resolved through the gazetteer), from the addresses written on its pages, from
 * the country of its phone numbers, of its domain and of its pages' language when that country keeps
 * nearly everyone in one zone. The answer says how it was chosen, for the job's notes and `extract`.
 */
import { findAddresses, findLooseAddresses } from '../../geo/address-text'
import { parseAddress, type ParsedAddress } from '../../geo/address'
import { countriesOfPhones, countryFromName, countryOfHost, countryOfLanguage, isCountryCode, zoneOfCountry } from '../../geo/countries'
import { resolveAddress, type ResolvedPlace } from '../../geo/place'
import { zoneAt } from '../../geo/gazetteer'
import type { CandidatePlace } from '../candidate-types'

/** A zone and how it was chosen; `inferred` when it was guessed from the site rather than named by a source. */
export type ZoneChoice = { zone: string; how: string; inferred?: boolean }

export type ZoneEvidence = {
  /** Places of the events found (structured fields, one-line addresses, coordinates). */
  places?: CandidatePlace[]
  /** Visible text of the site's pages (home page first), for addresses and phone numbers. */
  texts?: string[]
  /** Languages the pages declare (`<html lang>`). */
  languages?: string[]
  /** The site's URL, for its country-code domain. */
  url?: string
}

type Vote = { zone: string; weight: number; label: string }

const BRAZIL_CEP = /\bCEP:?\s*\d{5}-?\d{3}\b/
const WEIGHT = { coordinates: 3, city: 2, region: 1.5, country: 1 } as const
const MAX_PLACES = 300

function describe(p: ResolvedPlace): string {
  return p.precision === 'city'
    ? `${p.name}, ${p.region && /^[A-Z]{2,3}$/.test(p.region) && p.country !== 'GB' ? `${p.region}, ` : ''}${p.country}`
    : `${p.precision} ${p.name}${p.precision === 'region' ? `, ${p.country}` : ''}`
}

/** A country as structured data writes it: a code (`DE`, `USA`) or a name in one of our languages. */
function countryOf(text: string | undefined): string | undefined {
  const t = text?.trim()
  if (!t) return undefined
  return isCountryCode(t.toUpperCase()) && t.length === 2 ? t.toUpperCase() : countryFromName(t)
}

/** A candidate's place as a parsed address: its structured fields as they are, the one-line address for the rest. */
function addressOfPlace(p: CandidatePlace): ParsedAddress {
  const parsed = parseAddress(p.address ?? '')
  const structured: ParsedAddress = { street: p.street, city: p.city, region: p.region, postalCode: p.postalCode, country: countryOf(p.country) }
  for (const [key, value] of Object.entries(structured) as [keyof ParsedAddress, string | undefined][]) if (value) Object.assign(parsed, { [key]: value })
  if (parsed.country) delete parsed.countries
  return parsed
}

/** Resolves an address found in text, dropping trailing words the pattern took for the city ("Stuttgart Telefon"). */
function resolveFound(address: ParsedAddress, hints: string[]): ResolvedPlace | undefined {
  const words = address.city?.split(' ') ?? []
  for (let k = words.length; k >= 1; k--) {
    const place = resolveAddress({ ...address, city: words.slice(0, k).join(' ') }, { countries: hints })
    if (place?.precision === 'city') return place
  }
  // Without a known city, a region counts, and a country only when the address's own shape names it
  // (a UK postcode, "D-70173") or the site points to it and the code is no bare 4-digit number (a year).
  const place = resolveAddress({ ...address, city: undefined }, { countries: hints })
  const hinted = place?.precision === 'country' && hints.includes(place.country) && !/^\d{4}$/.test(address.postalCode ?? '')
  return place?.precision === 'region' || (place?.precision === 'country' && (address.country || hinted)) ? place : undefined
}

function tally(votes: Vote[]): { zone: string; weight: number; labels: string[] } | undefined {
  const byZone = new Map<string, { zone: string; weight: number; labels: string[] }>()
  for (const v of votes) {
    const entry = byZone.get(v.zone) ?? { zone: v.zone, weight: 0, labels: [] }
    entry.weight += v.weight
    if (!entry.labels.includes(v.label) && entry.labels.length < 3) entry.labels.push(v.label)
    byZone.set(v.zone, entry)
  }
  return [...byZone.values()].sort((a, b) => b.weight - a.weight)[0]
}

function countryHints(evidence: ZoneEvidence): { country: string; why: string }[] {
  const hints: { country: string; why: string }[] = []
  const phones = new Map<string, number>()
  for (const text of evidence.texts ?? []) for (const [c, n] of countriesOfPhones(text)) phones.set(c, (phones.get(c) ?? 0) + n)
  // "CEP 90020-007": Brazil's postal code, named by a word no other country uses.
  const cep = (evidence.texts ?? []).find((text) => BRAZIL_CEP.test(text))?.match(BRAZIL_CEP)?.[0]
  for (const [country, n] of [...phones.entries()].sort((a, b) => b[1] - a[1])) hints.push({ country, why: `${n} phone number(s) of ${country}` })
  let host: string | undefined
  try {
    host = evidence.url ? new URL(evidence.url).hostname : undefined
  } catch {}
  if (cep) hints.push({ country: 'BR', why: `the postal code "${cep}" (BR)` })
  const tld = countryOfHost(host)
  if (tld) hints.push({ country: tld, why: `the domain ${host} (${tld})` })
  for (const lang of evidence.languages ?? []) {
    const country = countryOfLanguage(lang)
    if (country) hints.push({ country, why: `the page language "${lang}" (${country})` })
  }
  return hints
}

/**
 * The organization's zone from what its site shows, with a sentence saying how it was chosen; undefined
 * when nothing points anywhere (the caller then writes UTC and says so).
 */
export function inferSiteZone(evidence: ZoneEvidence): ZoneChoice | undefined {
  const hints = countryHints(evidence)
  const hintCountries = [...new Set(hints.map((h) => h.country))]
  const votes: Vote[] = []
  for (const p of (evidence.places ?? []).slice(0, MAX_PLACES)) {
    const atPoint = p.latitude !== undefined && p.longitude !== undefined ? zoneAt(p.latitude, p.longitude) : undefined
    if (atPoint) {
      votes.push({ zone: atPoint, weight: WEIGHT.coordinates, label: `venue coordinates ${p.latitude},${p.longitude}` })
      continue
    }
    const resolved = resolveAddress(addressOfPlace(p), { countries: hintCountries })
    if (resolved?.zone) votes.push({ zone: resolved.zone, weight: WEIGHT[resolved.precision], label: `venue address → ${describe(resolved)}` })
  }
  let best = tally(votes)
  if (best) return { zone: best.zone, how: `from the events' venues (${best.labels.join('; ')})`, inferred: true }
  for (const text of evidence.texts ?? []) {
    for (const found of findAddresses(text)) {
      const resolved = resolveFound(found.address, hintCountries)
      if (resolved?.zone) votes.push({ zone: resolved.zone, weight: WEIGHT[resolved.precision], label: `"${found.text}" → ${describe(resolved)}` })
    }
  }
  for (const text of votes.length ? [] : (evidence.texts ?? [])) {
    for (const found of findLooseAddresses(text)) {
      const resolved = resolveAddress(found.address, { countries: hintCountries })
      if (resolved?.precision === 'city' && resolved.zone && hintCountries.includes(resolved.country))
        votes.push({ zone: resolved.zone, weight: WEIGHT.city, label: `"${found.text}" → ${describe(resolved)}` })
    }
  }
  best = tally(votes)
  if (best) return { zone: best.zone, how: `from addresses on the site (${best.labels.join('; ')})`, inferred: true }
  for (const hint of hints) {
    const zone = zoneOfCountry(hint.country)
    if (zone) return { zone, how: `from ${hint.why}, a country with one zone`, inferred: true }
  }
  return undefined
}
