/**
 * A constant lookup table that outside text may index: a frozen object without a prototype, so
 * `table[key]` is undefined (and `key in table` false) for every key it does not hold itself, including
 * the names an ordinary object inherits from Object.prototype (`constructor`, `__proto__`, `toString`,
 * `hasOwnProperty`, `valueOf` …). An ordinary object literal would hand those back as functions: a scope
 * named `constructor` became a granted scope, a schema.org `repeatFrequency` of `constructor` became a
 * recurrence rule without an interval that never ended. Use it for every table whose keys come from a
 * request, a token or a crawled document.
 */
export function lookupTable<T extends Record<string, unknown>>(entries: T): Readonly<T> {
  return Object.freeze(Object.assign(Object.create(null) as T, entries))
}

/** A fresh, empty map-like object without a prototype, for records keyed by outside text (form fields, classes). */
export function emptyRecord<V>(): Record<string, V> {
  return Object.create(null) as Record<string, V>
}
