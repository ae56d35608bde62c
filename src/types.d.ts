declare module '*.sql' {
  const text: string
  export default text
}

declare module 'tz-lookup' {
  /** IANA zone (or `Etc/GMT±N` at sea) for a point; throws on coordinates out of range. */
  export default function tzlookup(latitude: number, longitude: number): string
}

declare module '*.pbf' {
  /** Path of the embedded file (Bun `with { type: 'file' }`), readable with node:fs inside the binary too. */
  const path: string
  export default path
}

declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  /** Swagger UI's browser bundle as text (Bun `with { type: 'text' }`), embedded in the binary. */
  const text: string
  export default text
}

declare module 'swagger-ui-dist/swagger-ui.css' {
  /** Swagger UI's stylesheet as text (Bun `with { type: 'text' }`), embedded in the binary. */
  const text: string
  export default text
}
