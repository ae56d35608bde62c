/**
 * A PostgreSQL URL fit to print or log: the password replaced by `***` (the user, host, port and database
 * stay, so an operator can tell which database was meant). A value that does not parse as a URL is not
 * shown at all, since its password could sit anywhere in it.
 */
export function redactDatabaseUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return '(a database URL that does not parse)'
  }
  if (parsed.password) parsed.password = '***'
  parsed.search = ''
  return parsed.toString()
}
