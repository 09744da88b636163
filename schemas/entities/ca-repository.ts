import { Schema } from "effect"

/**
 * The CA's public repository (`GET /api/v2/ca_repository/`, docs/register.md «Репозиторий УЦ»): its
 * own certificates with their thumbprints and files, its CRLs with their dates, and the
 * accreditation when the requisites record holds one. The server encodes with it, the page reads it.
 */
export const CaRepositoryCertificate = Schema.Struct({
  /** root: self-signed; issuing: signed by another CA. */
  role: Schema.Literals(["root", "issuing"]),
  /** The DN line, as programs match it. */
  subject: Schema.String,
  /** As a person reads it (schemas/certificate-names.ts): name, organisation, place, labelled ИНН/ОГРН. */
  subject_readable: Schema.String,
  common_name: Schema.NullOr(Schema.String),
  issuer: Schema.String,
  /** Upper-case hex, as /reestr shows serials. */
  serial: Schema.String,
  sha1: Schema.String,
  sha256: Schema.String,
  not_before: Schema.String,
  not_after: Schema.String,
  key_id: Schema.String,
  cer_url: Schema.String,
  pem_url: Schema.String,
})
export type CaRepositoryCertificate = typeof CaRepositoryCertificate.Type

export const CaRepositoryCrl = Schema.Struct({
  /** This site's path of the CRL (/cdp/{key_id}.crl). */
  url: Schema.String,
  /** The distribution point as the CA's certificates name it (SITE_URL's). */
  distribution_point: Schema.String,
  issuer: Schema.String,
  issuer_readable: Schema.String,
  number: Schema.NullOr(Schema.Number),
  this_update: Schema.String,
  /** 'Действителен до': a relying party takes a newer CRL after it. */
  next_update: Schema.String,
  entries: Schema.Number,
})
export type CaRepositoryCrl = typeof CaRepositoryCrl.Type

export const CaAccreditation = Schema.Struct({
  number: Schema.String,
  /** yyyy-MM-dd, or null when only the number is filled. */
  date: Schema.NullOr(Schema.String),
  order: Schema.NullOr(Schema.String),
})
export type CaAccreditation = typeof CaAccreditation.Type

export const CaRepository = Schema.Struct({
  data: Schema.Struct({
    certificates: Schema.Array(CaRepositoryCertificate),
    crls: Schema.Array(CaRepositoryCrl),
    /** The operator's name from the requisites record, null until filled. */
    operator: Schema.NullOr(Schema.String),
    accreditation: Schema.NullOr(CaAccreditation),
  }),
})
export type CaRepository = typeof CaRepository.Type

/** The file names of the CA's certificate: `/ca/{key_id}.cer` (DER) and `.pem`. */
export const CA_FILE_PATTERN = /^([0-9a-f]{8,128})\.(cer|pem)$/
