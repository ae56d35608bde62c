export { ConfigSchema, isPostgresUrl, SECRET_KEYS, type Config, type ConfigKey } from './schema'
export { ConfigError, configKeys, loadConfig, redactConfig } from './load'
export { configTable } from './table'
export { listenFailure, type ListenTarget } from './listen-failure'
