/** Mean Earth radius (km) for great-circle distances. */
const EARTH_KM = 6371.0088

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180
  const dLat = (lat2 - lat1) * rad
  const dLon = (lon2 - lon1) * rad
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)))
}

/**
 * The 1°×1° cells (see geoCell in src/db/queries/event-columns.ts) that cover a circle: its bounding box,
 * widened in longitude by 1/cos(latitude) and wrapped across the antimeridian. Near a pole the box covers
 * every longitude.
 */
export function circleCells(latitude: number, longitude: number, radiusKm: number, cell: (lat: number, lon: number) => number): number[] {
  const dLat = radiusKm / 111.2
  const minLat = Math.max(-90, latitude - dLat)
  const maxLat = Math.min(90, latitude + dLat)
  const cos = Math.min(Math.cos((minLat * Math.PI) / 180), Math.cos((maxLat * Math.PI) / 180))
  const dLon = cos <= 0.01 ? 180 : Math.min(180, radiusKm / (111.2 * cos))
  const cells = new Set<number>()
  for (let lat = Math.floor(minLat); lat <= Math.floor(maxLat); lat++) {
    const lonFrom = Math.floor(longitude - dLon)
    const lonTo = dLon >= 180 ? lonFrom + 359 : Math.floor(longitude + dLon)
    for (let lon = lonFrom; lon <= lonTo; lon++) {
      const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180
      cells.add(cell(lat, wrapped))
      if (wrapped === -180) cells.add(cell(lat, 180)) // a venue written at longitude 180 has a cell of its own
    }
  }
  return [...cells]
}
