import fc from "fast-check"

/**
 * The hostile bodies of the fuzz test (tests/api/fuzz.test.ts), each invalid for every endpoint by
 * construction: malformed or non-object JSON, a wrong content type, broken multipart, an empty body,
 * or a JSON object whose every value is of a type no field takes (deep nesting, over-long strings,
 * prototype-pollution objects, numbers out of range, arrays of junk). Script payloads ride in keys,
 * strings and nested values.
 */
export interface FuzzBody {
  readonly kind: string
  readonly contentType?: string
  readonly data?: string | Uint8Array
}

export const SCRIPTS = [
  "<script>alert(1)</script>",
  "\"><img src=x onerror=alert(1)>",
  "javascript:alert(document.cookie)",
  "<svg/onload=alert(1)>",
  "{{constructor.constructor('alert(1)')()}}",
  "'; DROP TABLE users; --",
  "${7*7}<iframe srcdoc='<script>parent.alert(1)</script>'>",
  "\u0000\u202e\ufeff<scr\u0000ipt>",
] as const

/** Keys real bodies use (wrappers and fields), so hostile values reach the decoders, not just unknown keys. */
const FIELDS = [
  "user", "admin", "admin_user", "menu_item", "city", "page", "post", "tariff", "email", "password", "password_confirmation",
  "fullname", "mobile_phone", "phone", "phone_code", "purpose", "token", "confirmation_token", "reset_password_token", "ids",
  "id", "action", "note", "status", "captcha", "captcha_id", "captcha_answer", "name", "title", "body", "text", "url", "inn",
  "ogrn", "snils", "applicant_kind", "last_name", "tariff_id", "options", "certificate", "signature", "challenge_id", "data",
  "file", "representative_id", "agreement", "remember", "submit", "comment", "message", "type", "event", "object", "query",
] as const
const PROTO = ["__proto__", "constructor", "prototype", "__defineGetter__", "toString", "hasOwnProperty"] as const

const script = fc.constantFrom(...SCRIPTS)

/** Nested `depth` times: `[[[…]]]` or `{"a":{"a":…}}` (as text: JSON.stringify would recurse as deep). */
const deep = fc.tuple(fc.integer({ min: 40, max: 2000 }), fc.boolean(), script).map(([depth, arrays, s]) => ({
  raw: arrays ? "[".repeat(depth) + JSON.stringify(s) + "]".repeat(depth) : '{"a":'.repeat(depth) + JSON.stringify(s) + "}".repeat(depth),
}))

/** A value no field of any endpoint takes. `raw` values are spliced into the JSON text as they are. */
const poison: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: deep },
  // Longer than any field's limit (the longest text fields take a few tens of kilobytes).
  { weight: 1, arbitrary: fc.tuple(script, fc.integer({ min: 70_000, max: 90_000 })).map(([s, n]) => s.repeat(Math.ceil(n / s.length))) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      // An own "__proto__" key, as JSON.parse makes it (an object literal would set the prototype instead).
      JSON.parse('{"__proto__": {"isAdmin": true, "polluted": "yes"}}'),
      { constructor: { prototype: { polluted: "yes" } } },
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom({ raw: "1e309" }, { raw: "-1e309" }, { raw: "123456789012345678901234567890" }, { raw: "-0.000000000000000000001" }) },
  { weight: 2, arbitrary: fc.array(fc.oneof(script, fc.constant(null), fc.object({ maxDepth: 1 })), { minLength: 1, maxLength: 4 }).map((xs) => [xs, xs]) },
)

/** JSON text of an object whose keys are fields, prototype keys, scripts or junk, every value poison. */
const poisoned = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.constantFrom(...PROTO), script, fc.string({ maxLength: 12 })), poison), { minLength: 1, maxLength: 6 })
  .map((entries) => {
    const text = (v: unknown): string => (v && typeof v === "object" && "raw" in v ? String((v as { raw: string }).raw) : JSON.stringify(v))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${text(v)}`).join(",")}}`
  })
  .map((data): FuzzBody => ({ kind: "poisoned object", contentType: "application/json", data }))

/** Valid JSON that is no object. */
const notObject = fc
  .oneof(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }), fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), script)
  .map((v): FuzzBody => ({ kind: "non-object JSON", contentType: "application/json", data: JSON.stringify(v) ?? "null" }))

/** JSON text cut short or bent: never parses. */
const malformed = fc.oneof(
  fc.constantFrom('{"user":', "{'user': 1}", '{"a":1,}', "{a:1}", "{\"a\":NaN}", "{\"a\":undefined}", '{"a":"\\x41"}', '{"a":"\\u12"}', "}{", "{\"a\":1}}", "\u0000{}", "{\"a\":01}"),
  fc.tuple(fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(script, fc.integer()), { minKeys: 1, maxKeys: 4 }), fc.nat()).map(([o, n]) => {
    const text = JSON.stringify(o)
    return text.slice(0, 1 + (n % (text.length - 1)))
  }),
).map((data): FuzzBody => ({ kind: "malformed JSON", contentType: "application/json", data }))

/** Bytes that are no UTF-8 (overlong, lone surrogates, 0xFF) where JSON needs structure: never parses to an object. */
const badUtf8 = fc
  .tuple(fc.constantFrom([0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff, 0xfe], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xc3, 0x28]), fc.constantFrom(...FIELDS), script)
  .map(([bytes, key, s]): FuzzBody => {
    const enc = new TextEncoder()
    const data = new Uint8Array([...enc.encode(`{"${key}":"${s.replace(/"/g, "")}",`), ...bytes, ...enc.encode(":1}")])
    return { kind: "invalid UTF-8", contentType: "application/json; charset=utf-8", data }
  })

/** A body in another format under its own (or a lying) content type. */
const wrongType = fc
  .tuple(
    fc.constantFrom("text/plain", "application/xml", "application/x-www-form-urlencoded", "text/html", "application/octet-stream", "image/png", "application/json; charset=koi8-r"),
    fc.oneof(
      script.map((s) => `<user><email>${s}</email></user>`),
      script.map((s) => `user[email]=${encodeURIComponent(s)}&user[password]=x&__proto__[polluted]=1`),
      fc.uint8Array({ minLength: 1, maxLength: 512 }).map((b) => new Uint8Array([0x3c, ...b])),
    ),
  )
  .map(([contentType, data]): FuzzBody => ({ kind: "wrong content type", contentType, data }))

/** multipart/form-data that is broken: no boundary, the wrong one, cut short, parts without headers. */
const multipart = fc
  .tuple(fc.constantFrom("no-boundary", "wrong-boundary", "truncated", "headerless", "huge-name"), script, fc.uint8Array({ maxLength: 256 }))
  .map(([variant, s, junk]): FuzzBody => {
    const b = "fuzzBOUNDARY42"
    const part = `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${s}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 ${s}`
    const text = {
      "no-boundary": `${part}\r\n--${b}--\r\n`,
      "wrong-boundary": `--other\r\nContent-Disposition: form-data; name="file"\r\n\r\n${s}\r\n--other--\r\n`,
      truncated: part,
      headerless: `--${b}\r\n\r\n${s}\r\n--${b}\r\n`,
      "huge-name": `--${b}\r\nContent-Disposition: form-data; name="${"x".repeat(100_000)}"\r\n\r\n${s}`,
    }[variant]
    const contentType = variant === "no-boundary" ? "multipart/form-data" : `multipart/form-data; boundary=${b}`
    return { kind: "multipart garbage", contentType, data: new Uint8Array([...new TextEncoder().encode(text), ...junk]) }
  })

const empty = fc.constantFrom<FuzzBody>(
  { kind: "empty body", contentType: "application/json", data: "" },
  { kind: "empty body" },
  { kind: "empty body", contentType: "application/json", data: " \r\n\t" },
)

export const hostileBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  { weight: 5, arbitrary: poisoned },
  { weight: 2, arbitrary: notObject },
  { weight: 2, arbitrary: malformed },
  { weight: 1, arbitrary: badUtf8 },
  { weight: 2, arbitrary: wrongType },
  { weight: 2, arbitrary: multipart },
  { weight: 1, arbitrary: empty },
)

/** Path parameters that name no record: huge, negative, not numbers, encoded junk. */
export const hostileParam = fc.oneof(
  fc.constantFrom("999999", "2147483648", "99999999999999999999999", "0", "-1", "1e3", "0x10", "NaN", "%00", "%27%20OR%201%3D1", "..%2F..%2Fetc", "%F0%9F%92%A9", "0".repeat(32), "f".repeat(64)),
  script.map((s) => encodeURIComponent(s)),
  // Neither dots (the URL would climb) nor a number (it could name a real record).
  fc
    .string({ minLength: 1, maxLength: 40 })
    .filter((s) => !/^[.\s]*$/.test(s) && !/^\s*[+-]?\d+\s*$/.test(s)).map((s) => encodeURIComponent(s)),
  fc.integer({ min: 100, max: 400 }).map((n) => "9".repeat(n)),
)
