/**
 * A business failure of a use case: a machine-readable `code`, a message for people and extra fields,
 * and no transport status. Each surface maps it in one place (MCP: an `isError` tool result, see
 * mcp/tools/define `registerTool`).
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'DomainError'
  }
}
