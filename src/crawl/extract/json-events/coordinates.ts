/**
 * A venue's coordinates as JSON event APIs write them (issue 18: the record carries them only when the
 * source gave them): `latitude`/`longitude` in any case or spelling (`Lat`, `lng`, `geo_lat`), a nested
 * `geo`, `coordinates`, `geolocation` or `position` object, a GeoJSON Point (`[longitude, latitude]`), or a
 * "lat,lng" string. A pair off the Earth or at 0,0 (an unset map pin) is no position.
 */
import { asRecord, num, str } from '../feed-utils'
import { keyIndex, valuesOf } from './keys'

type Json = Record<string, unknown>
export type Coordinates = { latitude: number; longitude: number }

const LATITUDE = ['latitude', 'lat', 'geolat', 'geolatitude', 'latitud', 'breitengrad', 'mapLat', 'markerlat'].map((k) => k.toLowerCase())
const LONGITUDE = ['longitude', 'lng', 'lon', 'long', 'geolng', 'geolon', 'geolong', 'geolongitude', 'longitud', 'laengengrad', 'maplng', 'markerlng']
const NESTED = ['geo', 'coordinates', 'coords', 'geolocation', 'geocode', 'geopoint', 'geometry', 'latlng', 'latlon', 'position', 'point', 'gps', 'mapcoordinates']
const PAIR = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*[,;]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/

function valid(latitude: number | undefined, longitude: number | undefined): Coordinates | undefined {
  if (latitude === undefined || longitude === undefined) return undefined
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || (latitude === 0 && longitude === 0)) return undefined
  return { latitude, longitude }
}

/** A nested value: an object with its own latitude and longitude, a GeoJSON Point, or a "lat,lng" string. */
function fromValue(value: unknown, depth: number): Coordinates | undefined {
  const text = str(value)
  if (text) {
    const m = PAIR.exec(text)
    return m ? valid(Number(m[1]), Number(m[2])) : undefined
  }
  if (Array.isArray(value)) return undefined
  const o = asRecord(value)
  if (!o) return undefined
  // GeoJSON writes longitude first: {"type": "Point", "coordinates": [4.89, 52.37]}.
  if (/^point$/i.test(str(o.type) ?? '') && Array.isArray(o.coordinates)) return valid(num(o.coordinates[1]), num(o.coordinates[0]))
  return depth < 2 ? coordinatesOf(o, depth + 1) : undefined
}

/** The coordinates an object (a venue, a location, an event record) states, or undefined. */
export function coordinatesOf(o: Json, depth = 0): Coordinates | undefined {
  const index = keyIndex(o)
  const first = (names: string[]) =>
    valuesOf(o, index, names)
      .map(({ value }) => num(value))
      .find((n) => n !== undefined)
  const own = valid(first(LATITUDE), first(LONGITUDE))
  if (own) return own
  for (const { value } of valuesOf(o, index, NESTED)) {
    const found = fromValue(value, depth)
    if (found) return found
  }
  return undefined
}
