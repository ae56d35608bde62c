import { ALL_SCOPES } from './tokens'

/** Where the service's OAuth and MCP addresses live, from one base URL (PUBLIC_BASE_URL or http://HOST:PORT). */
export type OAuthUrls = {
  issuer: string
  resource: string
  resourceMetadata: string
  authorizationEndpoint: string
  tokenEndpoint: string
  jwksUri: string
}

/** The MCP resource is `${base}/mcp`; the issuer is the base itself (RFC 8414 §2: no query, no fragment). */
export function oauthUrls(baseUrl: string): OAuthUrls {
  const base = baseUrl.replace(/\/+$/, '')
  return {
    issuer: base,
    resource: `${base}/mcp`,
    resourceMetadata: `${base}/.well-known/oauth-protected-resource/mcp`,
    authorizationEndpoint: `${base}/oauth/authorize`,
    tokenEndpoint: `${base}/oauth/token`,
    jwksUri: `${base}/oauth/jwks`,
  }
}

/** Protected Resource Metadata (RFC 9728) of the MCP endpoint. */
export function protectedResourceMetadata(urls: OAuthUrls) {
  return {
    resource: urls.resource,
    authorization_servers: [urls.issuer],
    scopes_supported: ALL_SCOPES,
    bearer_methods_supported: ['header'],
    resource_name: 'event-index MCP server',
    resource_documentation: `${urls.issuer}/api/v1/docs`,
  }
}

/**
 * Authorization Server Metadata (RFC 8414): code flow with PKCE S256 only, public clients identified
 * by Client ID Metadata Document URLs (no dynamic registration), refresh tokens rotated.
 */
export function authorizationServerMetadata(urls: OAuthUrls) {
  return {
    issuer: urls.issuer,
    authorization_endpoint: urls.authorizationEndpoint,
    token_endpoint: urls.tokenEndpoint,
    jwks_uri: urls.jwksUri,
    scopes_supported: ALL_SCOPES,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    resource_indicators_supported: true,
  }
}

/** The `WWW-Authenticate` challenge of a 401 from /mcp (RFC 6750 §3, RFC 9728 §5.1). */
export function bearerChallenge(urls: OAuthUrls, error?: { code: 'invalid_token' | 'insufficient_scope'; description: string; scope?: string }): string {
  const parts = [`resource_metadata="${urls.resourceMetadata}"`]
  if (error) {
    parts.push(`error="${error.code}"`, `error_description="${error.description.replace(/["\\]/g, '')}"`)
    if (error.scope) parts.push(`scope="${error.scope}"`)
  } else parts.push(`scope="${ALL_SCOPES.join(' ')}"`)
  return `Bearer ${parts.join(', ')}`
}
