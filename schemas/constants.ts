/** The spec's numbers (SPEC.md section 9), named once. */
export const PAGE_DEFAULT = 1
export const PER_PAGE_DEFAULT = 25
export const PER_PAGE_MAX = 100
/** List previews (SPEC.md section 9): text over 160 characters is cut to 150 plus an ellipsis. */
export const PREVIEW_MAX_LENGTH = 160
export const PREVIEW_CUT_LENGTH = 150
/** The FAQ page lists at most this many questions at once (a search narrows them). */
export const FAQ_QUESTIONS_MAX = 200
/** The largest whole number a CRM integer column holds (32-bit on PostgreSQL; SQLite refuses the same). */
export const INTEGER_MAX = 2_147_483_647
export const COOKIE_CONSENT_DAYS = 365
export const TOKEN_REMEMBER_DAYS = 365
/**
 * The session's cookie (SPEC.md section 4, "Token"): set by the server, HttpOnly, so no page script
 * reads it (docs/auth.md, "Sessions").
 */
export const SESSION_COOKIE = "token"
/** Staff sessions: signed out after a working day without a CRM call, and a week after signing in at most. */
export const STAFF_SESSION_IDLE_SECONDS = 9 * 60 * 60
export const STAFF_SESSION_MAX_SECONDS = 7 * 24 * 60 * 60
/** A staff session's token is renewed (sliding the idle limit) by the first CRM call after this long. */
export const STAFF_SESSION_RENEW_SECONDS = 10 * 60
export const ALERT_TIMEOUT_MS = 5000
export const ALERT_API_ERROR_TIMEOUT_MS = 10000
/** CRM: the alert offers 'Отменить' for ALERT_TIMEOUT_MS; the server keeps the deleted rows a minute (a slow network, a late press). */
export const UNDO_KEEP_MS = 60_000
/** At most this many records in one bulk delete. */
export const BULK_DELETE_MAX = 1000
/** Rows a CSV export reads from the database at a time. */
export const CSV_BATCH_ROWS = 500
export const LOADING_BAR_THROTTLE_MS = 200
export const LOADING_BAR_DURATION_MS = 5000
export const LOADING_BAR_HIDE_DELAY_MS = 500
/**
 * The default fetch delay (SPEC.md section 9): how long a read may take before its view says it is
 * pending ('Загрузка…'), so a fast answer never flashes a loading text (src/api/delay.ts). The loading
 * bar's throttle is the same idea for the whole page.
 */
export const FETCH_DELAY_MS = 200
export const CHUNK_RELOAD_GUARD_MS = 60_000
export const DIRECTOR_LEVEL = 2
export const JWT_TTL_SECONDS = 60 * 60 * 24 * 365
export const NAME_MAX_LENGTH = 255
export const URL_MAX_LENGTH = 2048
/** The chosen city (cookie `cityName`) is remembered for a year. */
export const CITY_COOKIE_DAYS = 365
/** Upload limit per file, bytes (SPEC.md section 5 "file size", section 9). */
export const FILE_MAX_BYTES = 30_000_000
/** The rating scale's top (SPEC.md section 9: 1 to 10). */
export const RATING_MAX = 10
/** A passport is issued at 14 at the earliest (SPEC.md section 9). */
export const PASSPORT_MIN_AGE_YEARS = 14
/** A passport issued before the 20th (or 45th) birthday must be replaced then; the law allows 90 days (rule passportAge). */
export const PASSPORT_REPLACEMENT_AGES = [20, 45] as const
export const PASSPORT_REPLACEMENT_GRACE_DAYS = 90
/**
 * The challenge (server/services/captcha.ts, docs/security.md "Challenge"): an ALTCHA proof of work,
 * PBKDF2/SHA-256 at this many rounds per try; the server draws how many tries one challenge takes,
 * about CHALLENGE_WORK on average (CHALLENGE_WORK env), and one answer stays valid CAPTCHA_TTL_MS.
 */
export const CHALLENGE_ALGORITHM = "PBKDF2/SHA-256"
export const CHALLENGE_COST = 1000
export const CHALLENGE_WORK = 1000
export const CAPTCHA_TTL_MS = 10 * 60 * 1000
/** Suggest API (SPEC.md section 9): lookups from 3 characters, 5 suggestions unless `count` asks for up to 20. */
export const SUGGEST_MIN_QUERY = 3
export const SUGGEST_COUNT_DEFAULT = 5
export const SUGGEST_COUNT_MAX = 20
export const SUGGEST_QUERY_MAX = 300
/** How long the server waits for DaData before answering 502. */
export const SUGGEST_UPSTREAM_TIMEOUT_MS = 3000
/** Each utm value sent with a request (utm.source, utm.medium, utm.campaign), characters. */
export const UTM_MAX_LENGTH = 200
/** The e-mail mask (SPEC.md section 5 "Input handling"): each dot-separated part of the local part, and the domain, characters. */
export const EMAIL_MASK_LOCAL_SEGMENT_MAX = 20
export const EMAIL_MASK_DOMAIN_MAX = 40
/** The generic number mask: digits only, up to this many. */
export const NUMBER_MASK_MAX_DIGITS = 100
/** Dates typed into a form are read only within these years: a 4-digit mask lets "0199" through. */
export const DATE_MIN_YEAR = 1900
export const DATE_MAX_YEAR = 2100
// service fields
/** The suggest field waits this long after the last keystroke before it looks up (SPEC.md section 9). */
export const SUGGEST_DEBOUNCE_MS = 300
/** The rich-text editor (SPEC.md section 9): a draft every 60 s, kept 30 minutes; the editing area's height. */
export const EDITOR_AUTOSAVE_MS = 60_000
export const EDITOR_DRAFT_TTL_MS = 30 * 60 * 1000
export const EDITOR_HEIGHT_PX = 500
/** Visitor requests counted per client address over a window; over the limit the answer is 429 (server/lib/throttle.ts). */
export const REQUEST_RATE_WINDOW_MS = 10 * 60 * 1000
export const CAPTCHA_RATE_MAX = 120
export const SUGGEST_RATE_MAX = 600
export const OFFER_RATE_MAX = 10
export const FEEDBACK_RATE_MAX = 10
/** Requests of /corporate and /services_ib together. */
export const SALES_REQUEST_RATE_MAX = 10
/** Consultation requests of a tariff page or an order (docs/account-services.md). */
export const CONSULTATION_RATE_MAX = 10
/** Requests of a partner's clients (/partners/{id}/new, docs/catalogue.md). */
export const PARTNER_REQUEST_RATE_MAX = 10
/** Site search (docs/search.md): the query's length, results per page, a result's snippet. */
export const SEARCH_QUERY_MAX = 200
export const SEARCH_PER_PAGE = 20
export const SEARCH_SNIPPET_MAX = 160
/** Uploads (documents and CRM images) per client address in the window: a signed-in account cannot fill the disk. */
export const UPLOAD_RATE_MAX = 100
/** Certificate and signature checks (/api/v1/svs/…) per client address in the window: public, each may hash SVS_FILE_MAX_BYTES. */
export const SVS_RATE_MAX = 120
/**
 * A signature's or document's file sent to /api/v1/svs/signatures/validate/, bytes: a 10 MB signed PDF
 * fits even inside an attached signature in Base64 (4/3 of it with line breaks, about 14.2 MB). Streebog
 * in JavaScript hashes about 7.5 MB/s, so one check costs a worker thread 2 s at most.
 */
export const SVS_FILE_MAX_BYTES = 15_000_000
/** Checks whose files are SVS_HEAVY_BYTES or more together: at most SVS_HEAVY_RATE_MAX per client address in the window. */
export const SVS_HEAVY_BYTES = 1_000_000
export const SVS_HEAVY_RATE_MAX = 30
/** Registrations (accounts made, each sending a welcome e-mail) per client address in the window. */
export const REGISTRATION_RATE_MAX = 20
/** The longest `return_to` a sign-up keeps (a path of the site to go back to after the confirmation; longer ones are dropped). */
export const RETURN_TO_MAX_LENGTH = 512
/** Signing challenges (`POST /api/v1/cert_auth/challenges`, anonymous for the sign-in) per client address in the window. */
export const CHALLENGE_RATE_MAX = 120
/**
 * Guesses (passwords, SMS codes) and SMS sent, counted per key over THROTTLE_WINDOW_MS in one atomic step
 * (server/lib/throttle.ts, docs/auth.md): from THROTTLE_SLOW_AFTER counted failures of one client address
 * each further try waits a step more, from THROTTLE_REFUSE_AFTER it is refused. An account's failures
 * past SIGN_IN_ACCOUNT_FAILURES_MAX ask for the challenge instead of locking the account.
 */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000
export const THROTTLE_SLOW_AFTER = 5
export const THROTTLE_REFUSE_AFTER = 10
export const SIGN_IN_ACCOUNT_FAILURES_MAX = 10
/** SMS codes sent to one phone number, whichever accounts ask, in THROTTLE_WINDOW_MS. */
export const SMS_PER_PHONE_MAX = THROTTLE_REFUSE_AFTER
/**
 * An SMS of one kind (a code's purpose, the myDSS link) goes to one phone number at most once in this
 * many seconds, sent or failed (server/routes/sms-send.ts; docs/decisions.md, "SMS gateway"): the
 * browser counts it down on 'Отправить код ещё раз', the server answers 429 with the seconds left.
 */
export const SMS_RESEND_SECONDS = 60
/**
 * Register and МЧД lookups: per client address in REQUEST_RATE_WINDOW_MS, and per target searched (a
 * serial, INN, OGRN, SNILS or МЧД number, whatever the address) in LOOKUP_TARGET_WINDOW_MS.
 */
export const LOOKUP_RATE_MAX = 60
export const LOOKUP_TARGET_MAX = 20
export const LOOKUP_TARGET_WINDOW_MS = 60 * 60 * 1000
/** The class of a button-styled link in the editor's HTML (SPEC.md section 9: link styles plain link and button). */
export const EDITOR_LINK_BUTTON_CLASS = "link-button"
/** The account's order lists (docs/account.md): `?per_page` default and most; a staff move's note. */
/** The order wizard's draft cookie (docs/orders.md): at most this many bytes, at most this many extras. */
export const ORDER_DRAFT_COOKIE = "order_draft"
export const ORDER_SAVED_COOKIE = "order_saved"
export const ORDER_DRAFT_COOKIE_MAX_BYTES = 3072
export const ORDER_DRAFT_OPTIONS_MAX = 100
/** The draft cookies live a month: a customer comes back to an unfinished order. */
export const ORDER_DRAFT_DAYS = 30
export const ORDERS_PER_PAGE_DEFAULT = 25
export const ORDERS_PER_PAGE_MAX = 100
export const TRANSITION_NOTE_MAX = 1000
/** The CA's register (docs/register.md): an owner search's page, the CRL's life, imports, the code word, expiry letters. */
export const REGISTER_SEARCH_MAX = 20
export const DOCUMENTS_PER_PAGE_DEFAULT = 25
export const DOCUMENTS_PER_PAGE_MAX = 100
/** nextUpdate of our CRL is this long after its thisUpdate; a rebuild happens on every change anyway. */
export const CRL_NEXT_UPDATE_HOURS = 24
/** How long a client may cache /cdp/{key_id}.crl (seconds): a revocation is seen within this. */
export const CRL_CACHE_SECONDS = 60
export const CERT_IMPORT_MAX_FILES = 50
export const CERT_IMPORT_MAX_BYTES = 64 * 1024
export const CSR_MAX_BYTES = 64 * 1024
/** Wrong code words before a suspension by phone is refused for that certificate. */
export const CODE_WORD_ATTEMPTS = 3
/** Days before not_after the holder is e-mailed (once each); the sweep's period. */
export const EXPIRY_NOTICE_DAYS = [30, 14, 3] as const
export const EXPIRY_SWEEP_MS = 60 * 60 * 1000
/** Signing in the browser (docs/signer.md): a challenge lives 5 minutes, once; 5 wrong code words spend a sign-in. */
export const CERT_CHALLENGE_TTL_MS = 5 * 60 * 1000
export const CERT_VECTOR_MAX_TRIES = 5
/** The largest signature (Base64 CMS) the binding and the sign-in take: a CAdES-BES with its chain is a few KB. */
export const CERT_SIGNATURE_MAX_CHARS = 200_000
/** The largest non-multipart (JSON) body the API reads; larger ones answer 413 unread. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024
/** The МЧД registry (docs/epoa.md): upload limits, XSD errors named in the 422, the revoked list's page, the representative's source. */
export const EPOA_XML_MAX_BYTES = 1024 * 1024
export const EPOA_SIG_MAX_BYTES = 256 * 1024
export const EPOA_XSD_ERRORS_SHOWN = 3
export const EPOA_REVOKED_PER_PAGE = 20
export const EPOA_REVOKE_REASON_MAX = 1000
/** The account's certificates (docs/account-certificates.md): the banner's window either side of not_after, the list's page. */
export const EXPIRY_BANNER_DAYS = 30
export const ACCOUNT_CERTIFICATES_PER_PAGE_DEFAULT = 25
export const ACCOUNT_CERTIFICATES_PER_PAGE_MAX = 100
/** The myDSS profile's opaque id: bytes of CSPRNG output (hex, 128 bits). */
export const DSS_PROFILE_ID_BYTES = 16
/**
 * The demo CA's certificates (docs/pki.md): the signature tools named in subjectSignTool and
 * issuerSignTool (the FSB's order No 795: tool, CA tool, and their conformity certificates), the
 * serial's size, and the policies (tool classes КС1, КС2) it writes.
 */
export const CA_SUBJECT_SIGN_TOOL = 'СКЗИ "КриптоПро CSP" (версия 5.0)'
export const CA_ISSUER_SIGN_TOOL = [
  'СКЗИ "КриптоПро CSP" (версия 5.0)',
  'ПАК "Удостоверяющий центр КриптоПро УЦ" (версия 2.0)',
  "Сертификат соответствия № СФ/124-0000 от 01.01.2025",
  "Сертификат соответствия № СФ/128-0000 от 01.01.2025",
] as const
export const CA_SERIAL_BYTES = 16
