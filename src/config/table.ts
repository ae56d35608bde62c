import type { TSchema } from '@sinclair/typebox'
import { ConfigSchema, type ConfigKey } from './schema'

/**
 * The README's configuration table, rendered from the schema. `test/config/readme-table.test.ts` fails
 * when the README's copy differs, and `npm run docs:config` prints a fresh one to paste.
 */
export function configTable(): string {
  const rows = Object.entries(ConfigSchema.properties as Record<ConfigKey, TSchema>).map(([key, schema]) => {
    const shown = schema.default === '' ? '(empty)' : `\`${String(schema.default)}\``
    return `| \`${key}\` | ${shown} | ${schema.description} |`
  })
  return ['| Variable | Default | Meaning |', '| - | - | - |', ...rows].join('\n')
}
