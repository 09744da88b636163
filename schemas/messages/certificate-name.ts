/**
 * Words of a certificate's owner or issuer read as a person reads them (schemas/certificate-names.ts):
 * the labels of the Russian identifiers, of the attributes shown with a label, the countries by code.
 */
export const certificateNameMessages = {
  identifiers: { INNLE: "ИНН ЮЛ", OGRN: "ОГРН", OGRNIP: "ОГРНИП", INN: "ИНН", SNILS: "СНИЛС" },
  /** Attributes kept beside the readable parts; an unknown one is shown under its OID. */
  other: {
    CN: "Имя в сертификате",
    SERIALNUMBER: "Серийный номер",
    PSEUDONYM: "Псевдоним",
    UN: "Неструктурированное имя",
    DC: "Компонент домена",
    UID: "Идентификатор пользователя",
  },
  countries: { RU: "Россия" } as Readonly<Record<string, string>>,
  /** A name with no attribute at all (an empty subject). */
  empty: "Имя не указано",
} as const
