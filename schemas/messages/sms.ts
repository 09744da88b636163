import { messages } from "./common.ts"

/** The site's name that ends or starts every SMS: the recipient sees who writes (the sender name may be a number). */
const site = messages.shell.brand

/**
 * The texts of the SMS the site sends and of their failures (docs/decisions.md, "SMS gateway"). An SMS
 * carries a code, a status or the myDSS link and the site's name, never personal data (no name,
 * passport, INN, e-mail). A code's SMS fits one Cyrillic segment (70 characters).
 */
export const smsMessages = {
  /** The one-time code of every purpose (confirmation, director level, representative, certificate). */
  code: (code: string) => `Код подтверждения: ${code}. Никому не сообщайте. ${site}`,
  /** The myDSS deep link (mydss://…, an opaque login: no personal data). */
  dssLink: (link: string) => `${site}: ссылка для подключения приложения myDSS ${link}`,
  /** The gateway failed twice, or refused for a reason of ours (no money, the sender name): the visitor may try again. */
  failed: "Не удалось отправить SMS. Попробуйте ещё раз через минуту.",
  /** The gateway refused the number itself (no route, not a mobile number): trying again will not help. */
  badNumber: "Не удалось отправить SMS на этот номер. SMS отправляются только на мобильные номера России (+7). Если номер указан верно, позвоните нам.",
  /** A new SMS of the same kind before the resend delay ended (429). */
  tooSoon: (seconds: number) => `Отправить SMS ещё раз можно через ${seconds} с.`,
  /** The code button after a send: counting down, then free again. */
  resendCode: "Отправить код ещё раз",
  resendIn: (clock: string) => `Отправить код ещё раз через ${clock}`,
  /** The myDSS link's button while counting down. */
  resendLinkIn: (clock: string) => `Отправить ещё раз через ${clock}`,
} as const

/** `m:ss` of a countdown (0:42, 1:00). */
export const countdownClock = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`
