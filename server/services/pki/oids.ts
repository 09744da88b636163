/**
 * Object identifiers the PKI core reads and writes, with the Russian names the register, the
 * validation page and the account show. Sources: RFC 5280, RFC 4491 / RFC 9215 (GOST), the FSB's
 * order No 795 (the Russian name attributes and the qualified certificate's extensions), TC26.
 */

/** Name attributes: OID → short name (as CryptoPro shows it) and the Russian label. */
export const NAME_ATTRIBUTES: Readonly<Record<string, { readonly short: string; readonly label: string }>> = {
  "2.5.4.3": { short: "CN", label: "Владелец" },
  "2.5.4.4": { short: "SN", label: "Фамилия" },
  "2.5.4.42": { short: "G", label: "Имя и отчество" },
  "2.5.4.12": { short: "T", label: "Должность" },
  "2.5.4.10": { short: "O", label: "Организация" },
  "2.5.4.11": { short: "OU", label: "Подразделение" },
  "2.5.4.7": { short: "L", label: "Населённый пункт" },
  "2.5.4.8": { short: "S", label: "Регион" },
  "2.5.4.9": { short: "STREET", label: "Адрес" },
  "2.5.4.6": { short: "C", label: "Страна" },
  "2.5.4.5": { short: "SERIALNUMBER", label: "Серийный номер" },
  "2.5.4.65": { short: "PSEUDONYM", label: "Псевдоним" },
  "1.2.840.113549.1.9.1": { short: "E", label: "Электронная почта" },
  "1.2.840.113549.1.9.2": { short: "UN", label: "Неструктурированное имя" },
  "1.2.643.3.131.1.1": { short: "INN", label: "ИНН" },
  "1.2.643.100.4": { short: "INNLE", label: "ИНН ЮЛ" },
  "1.2.643.100.1": { short: "OGRN", label: "ОГРН" },
  "1.2.643.100.5": { short: "OGRNIP", label: "ОГРНИП" },
  "1.2.643.100.3": { short: "SNILS", label: "СНИЛС" },
}

export const NAME_OID = {
  CN: "2.5.4.3",
  SN: "2.5.4.4",
  G: "2.5.4.42",
  T: "2.5.4.12",
  O: "2.5.4.10",
  OU: "2.5.4.11",
  L: "2.5.4.7",
  S: "2.5.4.8",
  STREET: "2.5.4.9",
  C: "2.5.4.6",
  E: "1.2.840.113549.1.9.1",
  INN: "1.2.643.3.131.1.1",
  INNLE: "1.2.643.100.4",
  OGRN: "1.2.643.100.1",
  OGRNIP: "1.2.643.100.5",
  SNILS: "1.2.643.100.3",
} as const

/** Public key algorithms. */
export const KEY_ALGORITHM = {
  GOST_256: "1.2.643.7.1.1.1.1",
  GOST_512: "1.2.643.7.1.1.1.2",
  /** GOST R 34.10-2001, still met in old certificates. */
  GOST_2001: "1.2.643.2.2.19",
  RSA: "1.2.840.113549.1.1.1",
  RSA_PSS: "1.2.840.113549.1.1.10",
  EC: "1.2.840.10045.2.1",
} as const

/** Signature algorithms: OID → label, and what verifies it. */
export const SIGNATURE_ALGORITHMS: Readonly<Record<string, { readonly label: string; readonly kind: "gost" | "rsa" | "rsa-pss" | "ecdsa"; readonly hash: string | null; readonly bits?: 256 | 512 }>> = {
  "1.2.643.7.1.1.3.2": { label: "ГОСТ Р 34.11-2012/34.10-2012 (256 бит)", kind: "gost", hash: null, bits: 256 },
  "1.2.643.7.1.1.3.3": { label: "ГОСТ Р 34.11-2012/34.10-2012 (512 бит)", kind: "gost", hash: null, bits: 512 },
  "1.2.840.113549.1.1.5": { label: "SHA-1 с RSA", kind: "rsa", hash: "sha1" },
  "1.2.840.113549.1.1.11": { label: "SHA-256 с RSA", kind: "rsa", hash: "sha256" },
  "1.2.840.113549.1.1.12": { label: "SHA-384 с RSA", kind: "rsa", hash: "sha384" },
  "1.2.840.113549.1.1.13": { label: "SHA-512 с RSA", kind: "rsa", hash: "sha512" },
  "1.2.840.113549.1.1.10": { label: "RSASSA-PSS", kind: "rsa-pss", hash: null },
  "1.2.840.10045.4.1": { label: "ECDSA с SHA-1", kind: "ecdsa", hash: "sha1" },
  "1.2.840.10045.4.3.2": { label: "ECDSA с SHA-256", kind: "ecdsa", hash: "sha256" },
  "1.2.840.10045.4.3.3": { label: "ECDSA с SHA-384", kind: "ecdsa", hash: "sha384" },
  "1.2.840.10045.4.3.4": { label: "ECDSA с SHA-512", kind: "ecdsa", hash: "sha512" },
}

export const GOST_SIGNATURE = { 256: "1.2.643.7.1.1.3.2", 512: "1.2.643.7.1.1.3.3" } as const
export const STREEBOG = { 256: "1.2.643.7.1.1.2.2", 512: "1.2.643.7.1.1.2.3" } as const

/** Hash algorithm OIDs (RSA-PSS parameters, CMS digests) → node:crypto's names. */
export const HASH_ALGORITHMS: Readonly<Record<string, string>> = {
  "1.3.14.3.2.26": "sha1",
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
}

/** EC named curves → label. */
export const EC_CURVES: Readonly<Record<string, string>> = {
  "1.2.840.10045.3.1.7": "P-256",
  "1.3.132.0.34": "P-384",
  "1.3.132.0.35": "P-521",
  "1.3.132.0.10": "secp256k1",
}

export const EXTENSION = {
  SUBJECT_KEY_ID: "2.5.29.14",
  KEY_USAGE: "2.5.29.15",
  BASIC_CONSTRAINTS: "2.5.29.19",
  CRL_NUMBER: "2.5.29.20",
  REASON_CODE: "2.5.29.21",
  CRL_DISTRIBUTION_POINTS: "2.5.29.31",
  CERTIFICATE_POLICIES: "2.5.29.32",
  AUTHORITY_KEY_ID: "2.5.29.35",
  EXT_KEY_USAGE: "2.5.29.37",
  /** The FSB's order No 795: the subject's signature tool (a UTF8String). */
  SUBJECT_SIGN_TOOL: "1.2.643.100.111",
  /** The issuer's signature tool and certificates (a SEQUENCE of four UTF8Strings). */
  ISSUER_SIGN_TOOL: "1.2.643.100.112",
} as const

/** Key usage bits, in BIT STRING order (RFC 5280 4.2.1.3), with the Russian names Windows shows. */
export const KEY_USAGE_BITS: readonly string[] = [
  "Цифровая подпись",
  "Неотрекаемость",
  "Шифрование ключей",
  "Шифрование данных",
  "Согласование ключей",
  "Подписание сертификатов",
  "Подписание списка отзыва (CRL)",
  "Только шифрование",
  "Только расшифрование",
]

export const KEY_USAGE = {
  digitalSignature: 0,
  nonRepudiation: 1,
  keyEncipherment: 2,
  dataEncipherment: 3,
  keyAgreement: 4,
  keyCertSign: 5,
  cRLSign: 6,
} as const

/** Extended key usages common in Russian qualified certificates. */
export const EXTENDED_KEY_USAGES: Readonly<Record<string, string>> = {
  "1.3.6.1.5.5.7.3.1": "Проверка подлинности сервера",
  "1.3.6.1.5.5.7.3.2": "Проверка подлинности клиента",
  "1.3.6.1.5.5.7.3.3": "Подписывание кода",
  "1.3.6.1.5.5.7.3.4": "Защищённая электронная почта",
  "1.3.6.1.5.5.7.3.8": "Установка штампа времени",
  "1.3.6.1.5.5.7.3.9": "Подписывание ответа OCSP",
  "1.2.643.2.2.34.6": "Пользователь Центра Регистрации, HTTP, TLS клиент",
  "1.2.643.2.2.34.25": "Пользователь службы штампов времени",
  "1.2.643.2.2.34.26": "Пользователь службы актуальных статусов",
  "1.2.643.3.5.10.2.12": "Участник электронных торгов",
  "1.2.643.5.1.24.2.1.3": "Формирование документов для ЕГАИС",
  "1.2.643.6.3": "Использование на электронных торговых площадках",
  "1.2.643.100.2.1": "Подписание документов для СМЭВ",
  "1.2.643.100.2.2": "Подписание документов для ЕПГУ",
  "1.2.643.3.88.3.1": "Участник процедур госзакупок",
}

/** Certificate policies: the signature tool's class (the FSB's order No 795) and anyPolicy. */
export const POLICIES: Readonly<Record<string, string>> = {
  "1.2.643.100.113.1": "Класс средства ЭП КС1",
  "1.2.643.100.113.2": "Класс средства ЭП КС2",
  "1.2.643.100.113.3": "Класс средства ЭП КС3",
  "1.2.643.100.113.4": "Класс средства ЭП КВ1",
  "1.2.643.100.113.5": "Класс средства ЭП КВ2",
  "1.2.643.100.113.6": "Класс средства ЭП КА1",
  "2.5.29.32.0": "Любая политика",
}

export const POLICY = { KC1: "1.2.643.100.113.1", KC2: "1.2.643.100.113.2" } as const
export const EKU = { CLIENT_AUTH: "1.3.6.1.5.5.7.3.2", EMAIL: "1.3.6.1.5.5.7.3.4" } as const

/** RFC 5280 CRLReason codes with their Russian names (what staff choose when revoking). */
export const CRL_REASONS: Readonly<Record<number, string>> = {
  0: "Не указана",
  1: "Компрометация ключа",
  2: "Компрометация ключа УЦ",
  3: "Изменение сведений",
  4: "Замена сертификата",
  5: "Прекращение деятельности",
  6: "Приостановление действия",
  8: "Возобновление действия",
  9: "Отзыв полномочий",
  10: "Компрометация атрибутов",
}
