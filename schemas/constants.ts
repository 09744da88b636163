/** The spec's numbers (SPEC.md section 9), named once. */
export const PAGE_DEFAULT = 1
export const PER_PAGE_DEFAULT = 25
export const PER_PAGE_MAX = 100
export const COOKIE_CONSENT_DAYS = 365
export const TOKEN_REMEMBER_DAYS = 365
export const ALERT_TIMEOUT_MS = 5000
export const ALERT_API_ERROR_TIMEOUT_MS = 10000
export const LOADING_BAR_THROTTLE_MS = 200
export const LOADING_BAR_DURATION_MS = 5000
export const LOADING_BAR_HIDE_DELAY_MS = 500
export const CHUNK_RELOAD_GUARD_MS = 60_000
export const DIRECTOR_LEVEL = 2
export const JWT_TTL_SECONDS = 60 * 60 * 24 * 365
export const NAME_MAX_LENGTH = 255
export const URL_MAX_LENGTH = 2048
/** The chosen city (cookie `cityName`) is remembered for a year. */
export const CITY_COOKIE_DAYS = 365
