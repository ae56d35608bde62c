import { FormatRegistry } from '@sinclair/typebox'

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/

/**
 * The string formats the model's schemas use, registered with TypeBox itself: the model is built without
 * the web framework (which registers its own only when it is loaded), so a record checked in the crawler
 * worker or a test must meet the same rule as one checked behind HTTP. Registered once; the framework
 * keeps a format already registered.
 */
if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (value) => RFC3339.test(value) && !Number.isNaN(Date.parse(value)))
