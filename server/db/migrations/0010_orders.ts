import { type Kysely, sql } from "kysely"
import type { Dialect } from "../index.ts"

/**
 * The catalogue, the orders, payments and the account (docs/catalogue.md, docs/orders.md, docs/account.md, docs/payments.md). Dialect-neutral
 * like 0001: flags 0/1 integers, times ISO text, lists and form values JSON text, money whole rubles
 * (a CA's prices carry no kopecks; a payment's amount is `price` rubles, ЮKassa's "value" adds ".00").
 *
 * - Catalogue: option groups, tariffs (a certificate product for a use: 44-ФЗ, 223-ФЗ, commercial
 *   tenders, reporting, EDO), tariff options (what is bought: a tariff's certificate for a period, or
 *   an extra: token, CryptoPro CSP licence, platform registration, setup help), platforms, offices of
 *   the CA's companies, partners, delivery cities.
 * - Orders: one row per order from the draft on, its status history, its documents, payments,
 *   licences; consultation and partner requests; representatives of a director's legal persons.
 */
export function orders(dialect: Dialect) {
  const idColumn = dialect === "postgres" ? sql`serial primary key` : sql`integer primary key autoincrement`
  // A million orders and their events outgrow nothing, but ids of payments' events might: bigint there.
  const bigIdColumn = dialect === "postgres" ? sql`bigserial primary key` : sql`integer primary key autoincrement`
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema
      // ---- catalogue ----
      await s
        .createTable("option_groups")
        .addColumn("id", idColumn)
        .addColumn("slug", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        .addColumn("description", "text")
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()

      await s
        .createTable("tariffs")
        .addColumn("id", idColumn)
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        // The use it is for, shown under the name: 'Для участников закупок по 44-ФЗ и 223-ФЗ'.
        .addColumn("purpose", "varchar(500)", (c) => c.notNull())
        // Sanitized HTML: what the tariff contains.
        .addColumn("description", "text", (c) => c.notNull())
        // JSON list of applicant kinds it is sold to: 'legal_entity', 'entrepreneur', 'individual_person'.
        .addColumn("applicant_kinds", "text", (c) => c.notNull())
        // 1: a qualified certificate (КЭП), 0: a non-qualified one (НЭП) of a platform's own CA.
        .addColumn("qualified", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()

      await s
        .createTable("tariff_options")
        .addColumn("id", idColumn)
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        // 'certificate' (a tariff's certificate for `period`), 'token', 'license', 'registration', 'setup'.
        .addColumn("kind", "varchar(32)", (c) => c.notNull())
        // The tariff a 'certificate' option sells; null for extras, which go with any tariff.
        .addColumn("tariff_id", "integer", (c) => c.references("tariffs.id").onDelete("cascade"))
        // Months of validity (a certificate, a CSP licence); null when it has none (a token).
        .addColumn("period", "integer")
        .addColumn("price", "integer", (c) => c.notNull())
        .addColumn("tooltip", "varchar(500)")
        .addColumn("often_buy", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await s.createIndex("tariff_options_tariff_idx").on("tariff_options").columns(["tariff_id", "position", "id"]).execute()

      await s
        .createTable("tariff_option_groups")
        .addColumn("option_id", "integer", (c) => c.notNull().references("tariff_options.id").onDelete("cascade"))
        .addColumn("group_id", "integer", (c) => c.notNull().references("option_groups.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("tariff_option_groups_pk", ["option_id", "group_id"])
        .execute()
      await s.createIndex("tariff_option_groups_group_idx").on("tariff_option_groups").columns(["group_id", "option_id"]).execute()

      await s
        .createTable("platforms")
        .addColumn("id", idColumn)
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        // The `?group=` of /platforms: 'gov' (44-ФЗ), 'corporate' (223-ФЗ), 'commercial', 'property' (auctions of property and bankruptcy).
        .addColumn("group", "varchar(32)", (c) => c.notNull())
        .addColumn("url", "varchar(2048)", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()

      await s
        .createTable("platform_tariffs")
        .addColumn("platform_id", "integer", (c) => c.notNull().references("platforms.id").onDelete("cascade"))
        .addColumn("tariff_id", "integer", (c) => c.notNull().references("tariffs.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("platform_tariffs_pk", ["platform_id", "tariff_id"])
        .execute()
      await s.createIndex("platform_tariffs_tariff_idx").on("platform_tariffs").columns(["tariff_id", "platform_id"]).execute()

      await s
        .createTable("offices")
        .addColumn("id", idColumn)
        // The company code of /api/v2/companies/{company}/ (COMPANY_CODE by default).
        .addColumn("company", "varchar(64)", (c) => c.notNull())
        .addColumn("city_id", "integer", (c) => c.notNull().references("cities.id").onDelete("restrict"))
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        .addColumn("address", "varchar(500)", (c) => c.notNull())
        // 'пн–пт 9:00–18:00' as staff write it.
        .addColumn("hours", "varchar(255)", (c) => c.notNull())
        .addColumn("phone", "varchar(16)", (c) => c.notNull())
        .addColumn("email", "varchar(255)")
        .addColumn("metro", "varchar(255)")
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await s.createIndex("offices_company_city_idx").on("offices").columns(["company", "city_id", "position", "id"]).execute()

      await s
        .createTable("partners")
        .addColumn("id", idColumn)
        // The `{partner}` of /{partner}_clients/docs and of ep_docs.partner: latin, digits, '-'.
        .addColumn("code", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        // 'bank', 'platform', 'agent'.
        .addColumn("kind", "varchar(32)", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("url", "varchar(2048)")
        // The logo as JSON `{ name, url, size, type }`.
        .addColumn("logo", "text")
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()

      await s
        .createTable("partner_requests")
        .addColumn("id", idColumn)
        .addColumn("partner_id", "integer", (c) => c.notNull().references("partners.id").onDelete("cascade"))
        // The partners_frm values (JSON), without the agreement.
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("utm_source", "varchar(200)")
        .addColumn("utm_medium", "varchar(200)")
        .addColumn("utm_campaign", "varchar(200)")
        .addColumn("ip", "varchar(64)", (c) => c.notNull())
        .addColumn("user_agent", "varchar(512)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await s.createIndex("partner_requests_created_idx").on("partner_requests").columns(["created_at", "id"]).execute()

      await s
        .createTable("delivery_cities")
        .addColumn("id", idColumn)
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        .addColumn("region", "varchar(255)", (c) => c.notNull())
        // Courier delivery: rubles and working days.
        .addColumn("cost", "integer", (c) => c.notNull())
        .addColumn("days", "integer", (c) => c.notNull())
        .execute()
      await s.createIndex("delivery_cities_name_idx").on("delivery_cities").column("name").execute()

      // ---- orders ----
      await s
        .createTable("orders")
        .addColumn("id", idColumn)
        // Opaque, 128 bits or more, hex: the id of public addresses (payment results); never the row id.
        .addColumn("public_id", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        // The director's legal person the order is for (null: the user's own order).
        .addColumn("legal_person_id", "integer", (c) => c.references("legal_persons.id").onDelete("set null"))
        // schemas/entities/order.ts ORDER_STATUSES.
        .addColumn("status", "varchar(32)", (c) => c.notNull())
        // 'legal_entity', 'entrepreneur', 'individual_person'.
        .addColumn("applicant_kind", "varchar(32)", (c) => c.notNull())
        // 'office', 'courier', 'remote'.
        .addColumn("identification", "varchar(16)")
        // The order preset the data was validated with (order_cert_*, order_option_*).
        .addColumn("preset", "varchar(64)", (c) => c.notNull())
        .addColumn("tariff_id", "integer", (c) => c.references("tariffs.id").onDelete("set null"))
        // JSON list of the chosen tariff_options ids (the certificate's and the extras).
        .addColumn("option_ids", "text", (c) => c.notNull())
        // The server's price in rubles when last computed (at submit, at payment).
        .addColumn("amount", "integer", (c) => c.notNull().defaultTo(0))
        // The applicant's, persons' and identification values (JSON). Personal data: never logged or mailed.
        .addColumn("data", "text", (c) => c.notNull())
        // The applicant's name as staff and the account list show it (an organisation's name, or a person's name).
        .addColumn("title", "varchar(500)", (c) => c.notNull().defaultTo(""))
        .addColumn("office_id", "integer", (c) => c.references("offices.id").onDelete("set null"))
        .addColumn("submitted_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await s.createIndex("orders_user_idx").on("orders").columns(["user_id", "created_at", "id"]).execute()
      await s.createIndex("orders_user_status_idx").on("orders").columns(["user_id", "status", "created_at", "id"]).execute()
      await s.createIndex("orders_status_idx").on("orders").columns(["status", "created_at", "id"]).execute()
      await s.createIndex("orders_created_idx").on("orders").columns(["created_at", "id"]).execute()

      await s
        .createTable("order_events")
        .addColumn("id", bigIdColumn)
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("from_status", "varchar(32)")
        .addColumn("to_status", "varchar(32)", (c) => c.notNull())
        // 'customer', 'staff', 'payment', 'system'.
        .addColumn("actor", "varchar(16)", (c) => c.notNull())
        .addColumn("admin_user_id", "integer")
        .addColumn("note", "text")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await s.createIndex("order_events_order_idx").on("order_events").columns(["order_id", "id"]).execute()

      await s
        .createTable("order_documents")
        .addColumn("id", idColumn)
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        // 'upload' (the customer's scan, by field), 'claim', 'invoice', 'act', 'licence'.
        .addColumn("kind", "varchar(32)", (c) => c.notNull())
        // The preset field of an upload (passport_scan…), else null.
        .addColumn("field", "varchar(64)")
        .addColumn("title", "varchar(255)", (c) => c.notNull())
        // The stored file as JSON `{ name, url, size, type }`; generated PDFs are stored like uploads.
        .addColumn("file", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await s.createIndex("order_documents_order_idx").on("order_documents").columns(["order_id", "id"]).execute()

      await s
        .createTable("payments")
        .addColumn("id", idColumn)
        // Opaque (128 bits or more): /payment_result/{success|failure}/{public_id}.
        .addColumn("public_id", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        // 'yookassa', 'local' (the embedded test gateway), 'invoice' (bank transfer by 'Счёт на оплату').
        .addColumn("provider", "varchar(16)", (c) => c.notNull())
        // The provider's id of the payment (ЮKassa's uuid); the invoice's number for 'invoice'.
        .addColumn("provider_payment_id", "varchar(64)")
        .addColumn("idempotence_key", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("amount", "integer", (c) => c.notNull())
        // 'pending', 'waiting_for_capture', 'succeeded', 'canceled'.
        .addColumn("status", "varchar(32)", (c) => c.notNull())
        .addColumn("confirmation_url", "varchar(2048)")
        .addColumn("paid_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await s.createIndex("payments_order_idx").on("payments").columns(["order_id", "id"]).execute()
      await s.createIndex("payments_provider_idx").on("payments").columns(["provider", "provider_payment_id"]).execute()

      await s
        .createTable("licences")
        .addColumn("id", idColumn)
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("option_id", "integer", (c) => c.references("tariff_options.id").onDelete("set null"))
        .addColumn("product", "varchar(255)", (c) => c.notNull())
        // The licence's serial number (CryptoPro CSP: 25 characters in five groups).
        .addColumn("serial", "varchar(64)", (c) => c.notNull())
        .addColumn("confirmed_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await s.createIndex("licences_user_idx").on("licences").columns(["user_id", "id"]).execute()

      await s
        .createTable("consultations")
        .addColumn("id", idColumn)
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
        .addColumn("tariff_id", "integer", (c) => c.references("tariffs.id").onDelete("set null"))
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        .addColumn("phone", "varchar(16)", (c) => c.notNull())
        .addColumn("email", "varchar(255)")
        .addColumn("comment", "text")
        .addColumn("ip", "varchar(64)", (c) => c.notNull())
        .addColumn("user_agent", "varchar(512)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await s.createIndex("consultations_created_idx").on("consultations").columns(["created_at", "id"]).execute()

      await s
        .createTable("representatives")
        .addColumn("id", idColumn)
        .addColumn("legal_person_id", "integer", (c) => c.notNull().references("legal_persons.id").onDelete("cascade"))
        .addColumn("last_name", "varchar(50)", (c) => c.notNull())
        .addColumn("first_name", "varchar(50)", (c) => c.notNull())
        .addColumn("middle_name", "varchar(50)")
        .addColumn("position", "varchar(100)", (c) => c.notNull())
        .addColumn("email", "varchar(255)", (c) => c.notNull())
        .addColumn("phone", "varchar(16)", (c) => c.notNull())
        .addColumn("phone_confirmed_at", "varchar(32)")
        // Personal data kept whole only here (never in lists, URLs, logs or mail): SNILS digits.
        .addColumn("snils", "varchar(11)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await s.createIndex("representatives_lp_idx").on("representatives").columns(["legal_person_id", "id"]).execute()
    },
  }
}
