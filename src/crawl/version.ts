/**
 * Version of the extraction and normalization rules, stamped on every stored event as
 * `_source.scriptVersion`. Raise it when a change alters the records the crawler produces, so that
 * callers can tell records made by different rules apart.
 */
export const SCRIPT_VERSION = '1.0.0'
