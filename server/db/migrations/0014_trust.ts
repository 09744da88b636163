import { type Kysely, sql } from "kysely"
import type { Dialect } from "../index.ts"

/**
 * Trust services (docs/register.md, docs/validation.md, docs/epoa.md, docs/signer.md, docs/account-certificates.md).
 * Dialect-neutral like 0010: flags 0/1, times ISO text, lists JSON text, binary (DER, signatures) base64 text.
 *
 * - certificates: the CA's register of certificates it issued or staff imported (real X.509).
 * - certificate_approvals: the holder's confirmation of an issued certificate's contents and its log.
 * - crls: the CA's published CRL, rebuilt on every revocation or suspension.
 * - trust_roots: the trusted root certificates (the demo CA, the bundled list of accredited CAs' roots,
 *   a list staff upload).
 * - certificate_bindings: certificates (of any trusted CA) a customer bound to the account.
 * - cert_challenges: one-time challenges a customer signs (binding, sign-in by certificate).
 * - epoas: machine-readable powers of attorney (МЧД) in the tax service's format.
 * - dss_profiles: the opaque ids of the customers' cloud-signature (myDSS) profile pages.
 */
export function trust(dialect: Dialect) {
  const idColumn = dialect === "postgres" ? sql`serial primary key` : sql`integer primary key autoincrement`
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema

      await s
        .createTable("certificates")
        .addColumn("id", idColumn)
        // Opaque id (32 hex, 128 bits) of public URLs: /api/v2/certificates/{public_id}/, the .cer download.
        .addColumn("public_id", "varchar(64)", (c) => c.notNull().unique())
        // Serial number, lower-case hex without leading zeros' padding removed (as the DER integer's bytes).
        .addColumn("serial", "varchar(128)", (c) => c.notNull())
        // SHA-1 of the DER, lower-case hex: the thumbprint CryptoPro and Windows show.
        .addColumn("thumbprint", "varchar(40)", (c) => c.notNull().unique())
        .addColumn("issuer_dn", "varchar(2000)", (c) => c.notNull())
        .addColumn("subject_dn", "varchar(2000)", (c) => c.notNull())
        // 'legal_entity' | 'entrepreneur' | 'individual_person' (from the subject's attributes).
        .addColumn("owner_kind", "varchar(32)", (c) => c.notNull())
        // The person's full name (surname, given names) from the subject; masked in public answers.
        .addColumn("owner_person", "varchar(500)")
        .addColumn("owner_org", "varchar(1000)")
        // INN of the organisation (INNLE, 10 digits), else the person's INN (12).
        .addColumn("owner_inn", "varchar(12)")
        .addColumn("owner_ogrn", "varchar(15)")
        .addColumn("owner_snils", "varchar(11)")
        .addColumn("not_before", "varchar(32)", (c) => c.notNull())
        .addColumn("not_after", "varchar(32)", (c) => c.notNull())
        // 'valid' | 'revoked' | 'suspended' (expiry is read from not_after).
        .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("valid"))
        // RFC 5280 CRLReason code of a revocation or suspension (6 certificateHold for a suspension).
        .addColumn("revocation_reason", "integer")
        .addColumn("revoked_at", "varchar(32)")
        .addColumn("der", "text", (c) => c.notNull())
        // 'issued' (by our CA), 'imported' (a .cer staff uploaded), 'seed' (the demo register).
        .addColumn("source", "varchar(16)", (c) => c.notNull())
        // 'token' | 'dss' (the key held in the cloud signature service) | 'file'.
        .addColumn("key_storage", "varchar(16)", (c) => c.notNull().defaultTo("token"))
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
        // argon2id hash of the code word (authentication vector) from the issue application.
        .addColumn("code_word_hash", "varchar(255)")
        // When the holder confirmed the contents (user_confirm_cert_frm); null until then.
        .addColumn("confirmed_at", "varchar(32)")
        // JSON list of the expiry notices sent: [30, 14, 3].
        .addColumn("expiry_notices", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await s.createIndex("certificates_serial_idx").on("certificates").column("serial").execute()
      await s.createIndex("certificates_inn_idx").on("certificates").column("owner_inn").execute()
      await s.createIndex("certificates_ogrn_idx").on("certificates").column("owner_ogrn").execute()
      await s.createIndex("certificates_snils_idx").on("certificates").column("owner_snils").execute()
      await s.createIndex("certificates_user_idx").on("certificates").columns(["user_id", "not_after"]).execute()
      await s.createIndex("certificates_status_idx").on("certificates").columns(["status", "revoked_at"]).execute()
      await s.createIndex("certificates_expiry_idx").on("certificates").columns(["not_after", "status"]).execute()

      await s
        .createTable("certificate_approvals")
        .addColumn("id", idColumn)
        .addColumn("certificate_id", "integer", (c) => c.notNull().references("certificates.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
        // 'code_sent' | 'confirmed' | 'code_failed'
        .addColumn("action", "varchar(32)", (c) => c.notNull())
        .addColumn("note", "varchar(1000)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await s.createIndex("certificate_approvals_cert_idx").on("certificate_approvals").columns(["certificate_id", "id"]).execute()

      await s
        .createTable("crls")
        .addColumn("id", idColumn)
        // The issuing CA's subject key identifier, lower-case hex: the CRL's file name /cdp/{key_id}.crl.
        .addColumn("issuer_key_id", "varchar(128)", (c) => c.notNull().unique())
        // The CRLNumber extension's value, raised by one at every rebuild.
        .addColumn("number", "integer", (c) => c.notNull())
        .addColumn("this_update", "varchar(32)", (c) => c.notNull())
        .addColumn("next_update", "varchar(32)", (c) => c.notNull())
        .addColumn("der", "text", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()

      await s
        .createTable("trust_roots")
        .addColumn("id", idColumn)
        .addColumn("thumbprint", "varchar(40)", (c) => c.notNull().unique())
        .addColumn("name", "varchar(1000)", (c) => c.notNull())
        .addColumn("subject_dn", "varchar(2000)", (c) => c.notNull())
        // Subject key identifier, lower-case hex (chains are built on it), null when the root has none.
        .addColumn("key_id", "varchar(128)")
        .addColumn("not_after", "varchar(32)", (c) => c.notNull())
        // 'demo' (our own CA), 'bundled' (the list shipped with the product), 'uploaded' (by staff).
        .addColumn("source", "varchar(16)", (c) => c.notNull())
        .addColumn("der", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await s.createIndex("trust_roots_key_idx").on("trust_roots").column("key_id").execute()

      await s
        .createTable("certificate_bindings")
        .addColumn("id", idColumn)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        // Our register's row when the bound certificate is one of ours; null for another CA's.
        .addColumn("certificate_id", "integer", (c) => c.references("certificates.id").onDelete("set null"))
        .addColumn("thumbprint", "varchar(40)", (c) => c.notNull())
        .addColumn("subject_name", "varchar(1000)", (c) => c.notNull())
        .addColumn("issuer_name", "varchar(1000)", (c) => c.notNull())
        .addColumn("serial", "varchar(128)", (c) => c.notNull())
        .addColumn("not_after", "varchar(32)", (c) => c.notNull())
        .addColumn("der", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await s.createIndex("certificate_bindings_user_thumb_idx").on("certificate_bindings").columns(["user_id", "thumbprint"]).unique().execute()
      await s.createIndex("certificate_bindings_thumb_idx").on("certificate_bindings").column("thumbprint").execute()

      await s
        .createTable("cert_challenges")
        .addColumn("id", idColumn)
        // The random one-time text the customer signs (base64url, 32 bytes of entropy at least).
        .addColumn("nonce", "varchar(128)", (c) => c.notNull().unique())
        // 'bind' | 'sign_in'
        .addColumn("purpose", "varchar(16)", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
        // Set when the signature was verified (sign-in: the binding it matched, awaiting the code word).
        .addColumn("binding_id", "integer", (c) => c.references("certificate_bindings.id").onDelete("cascade"))
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("used_at", "varchar(32)")
        .execute()

      await s
        .createTable("epoas")
        .addColumn("id", idColumn)
        .addColumn("public_id", "varchar(64)", (c) => c.notNull().unique())
        // НомДовер: the power of attorney's number (a UUID in format 5.01).
        .addColumn("number", "varchar(64)", (c) => c.notNull().unique())
        // The format's version from the XML (ВерсФорм), e.g. 'EMCHD_1' / '5.01'.
        .addColumn("format_version", "varchar(32)", (c) => c.notNull())
        .addColumn("principal_org", "varchar(1000)", (c) => c.notNull())
        .addColumn("principal_inn", "varchar(12)", (c) => c.notNull())
        .addColumn("principal_ogrn", "varchar(15)")
        .addColumn("principal_kpp", "varchar(9)")
        // Who signed it for the principal (the head), full name.
        .addColumn("signatory_name", "varchar(500)")
        .addColumn("representative_name", "varchar(500)", (c) => c.notNull())
        .addColumn("representative_snils", "varchar(11)")
        .addColumn("representative_inn", "varchar(12)")
        .addColumn("issued_on", "varchar(32)", (c) => c.notNull())
        .addColumn("valid_from", "varchar(32)", (c) => c.notNull())
        .addColumn("valid_until", "varchar(32)", (c) => c.notNull())
        // JSON list of powers: [{ code, name }].
        .addColumn("powers", "text", (c) => c.notNull())
        // 'active' | 'revoked' ('истекла' is read from valid_until).
        .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("active"))
        .addColumn("revoked_at", "varchar(32)")
        .addColumn("revoke_reason", "varchar(1000)")
        .addColumn("xml", "text", (c) => c.notNull())
        // The detached CMS signature of the XML, base64, and its validation report (JSON).
        .addColumn("signature", "text", (c) => c.notNull())
        .addColumn("signature_report", "text", (c) => c.notNull())
        .addColumn("legal_person_id", "integer", (c) => c.references("legal_persons.id").onDelete("set null"))
        .addColumn("uploaded_by_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("uploaded_by_admin_id", "integer", (c) => c.references("admin_users.id").onDelete("set null"))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await s.createIndex("epoas_principal_idx").on("epoas").columns(["principal_inn", "number"]).execute()
      await s.createIndex("epoas_representative_idx").on("epoas").columns(["representative_snils", "number"]).execute()
      await s.createIndex("epoas_status_idx").on("epoas").columns(["status", "revoked_at"]).execute()

      await s
        .createTable("dss_profiles")
        .addColumn("id", idColumn)
        // Opaque id of /mydss/profile/{public_id}: 32 hex (128 bits) from a CSPRNG.
        .addColumn("public_id", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("user_id", "integer", (c) => c.notNull().unique().references("users.id").onDelete("cascade"))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
    },
  }
}
