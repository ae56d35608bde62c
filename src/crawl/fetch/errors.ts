/** Why a fetch failed; `retryable` tells the crawler whether trying again later can help. */
export type FetchErrorCode = 'bad_url' | 'ssrf_blocked' | 'robots_disallowed' | 'dns_failed' | 'timeout' | 'network' | 'too_large' | 'too_many_redirects' | 'http_error'

const RETRYABLE: Record<FetchErrorCode, boolean> = {
  bad_url: false,
  ssrf_blocked: false,
  robots_disallowed: false,
  dns_failed: true,
  timeout: true,
  network: true,
  too_large: false,
  too_many_redirects: false,
  http_error: false,
}

/** A failed fetch, with a code the job can report and a retry decision (crawlee's habit). */
export class FetchError extends Error {
  readonly retryable: boolean
  constructor(
    readonly code: FetchErrorCode,
    message: string,
    readonly url: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'FetchError'
    this.retryable = code === 'http_error' ? status === 429 || (status !== undefined && status >= 500) : RETRYABLE[code]
  }
}
