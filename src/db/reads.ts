/**
 * The read side's view of storage: every read an agent can make many times a second (event search, the
 * events pull, business search, the MCP lists). It is asynchronous so that no read runs on the request
 * thread: the SQLite implementation (sqlite-reads.ts) answers from a pool of worker threads with
 * read-only connections, and a PostgreSQL backend would answer from its own connection pool. No SQLite
 * type appears here.
 */
export type EventSearchParams = {
  startDate: string
  endDate: string
  /** Lower-cased city, or null for every city. */
  cityKey: string | null
  /** Lower-cased category, or null for every category. */
  category: string | null
  limit: number
  nowMs: number
  /**
   * The service's events write generation (ReadContext.generation): with it a reader may reuse what it
   * learnt from earlier searches of the same generation (see event-search.ts, resumeFor).
   */
  generation?: number
}

/**
 * The extended event search (issue 18). The order follows the question: by distance when `near` is
 * given, else by text relevance when `match` is, else by start; `after` is the sort key of the last
 * row of the previous page (a cursor), so pages neither repeat nor skip while the data does not change.
 */
export type FindParams = Pick<EventSearchParams, 'startDate' | 'endDate' | 'cityKey' | 'category' | 'limit' | 'nowMs'> & {
  /** The city's region (admin1) and country (ISO alpha-2) when the city was resolved; unknown ones pass. */
  region: string | null
  country: string | null
  /** Lower-cased audience tag (family, kids, teens, adults, seniors), or null. */
  audience: string | null
  free: boolean
  /** FTS5 query (built by the caller, words quoted as prefixes), or null. */
  match: string | null
  near: { latitude: number; longitude: number; radiusKm: number } | null
  after: number[] | null
}

export type FindOrder = 'start' | 'relevance' | 'distance'

/** Search records in answer order, their distances when near a point, and the sort key of the last one. */
export type FindResult = { order: FindOrder; records: string[]; distances: number[]; last: number[] | null }

export type NearbyParams = Omit<EventSearchParams, 'cityKey'> & { latitude: number; longitude: number; radiusKm: number }

/** A stored search record (JSON text) and its venue's distance from the point asked about. */
export type NearbyRow = { record: string; distanceKm: number }

/** An indexed organization with the records of its upcoming events (in start order, comma-separated UTF-8 JSON: a JSON array's inside) and how many. */
export type OrganizationEventsRow = { orgId: string; domain: string; website: string | null; name: string | null; lastIndexedAt: number | null; count: number; records: Uint8Array }

export type OrganizationMatch = { orgId: string; domain: string; name: string | null; website: string | null; eventCount: number; lastIndexedAt: number | null }

export interface Reads {
  /** Matching events' search records in start order, comma-separated (a JSON array's inside) as UTF-8 bytes, and how many. */
  searchEvents(params: EventSearchParams): Promise<{ count: number; records: Uint8Array; last: [at: number, id: number] | null }>
  /** The extended search of issue 18 (text, place, audience, free, cursor): see src/db/queries/event-find.ts. */
  findEvents(params: FindParams): Promise<FindResult>
  nearbyEvents(params: NearbyParams): Promise<NearbyRow[]>
  categories(params: { cityKey: string | null; limit: number; nowMs: number }): Promise<{ category: string; eventCount: number }[]>
  cities(params: { limit: number; nowMs: number }): Promise<{ city: string; eventCount: number }[]>
  /** Indexed organizations matching a full-text query (FTS syntax built by the caller), best first. */
  searchOrganizations(params: { match: string; limit: number }): Promise<OrganizationMatch[]>
  /** One organization and its upcoming events, read in one snapshot; undefined when never asked for. */
  organizationEvents(params: { orgId: string; nowMs: number }): Promise<OrganizationEventsRow | undefined>
  /** How many organizations are indexed and how many events are upcoming. */
  totals(params: { nowMs: number }): Promise<{ organizations: number; upcomingEvents: number }>
  /** Stops the readers; reads after this fail. */
  close(): Promise<void>
}
