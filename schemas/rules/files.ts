import { Schema } from "effect"
import { FILE_MAX_BYTES } from "../constants.ts"
import type { FileValue, UploadAccept } from "../forms/types.ts"
import { messages } from "../messages/common.ts"
import type { RuleSchema } from "./values.ts"

const v = messages.validation

export { FILE_MAX_BYTES }

/** The extensions each upload list accepts (SPEC.md section 5, "Input handling"), lower case, no dot. */
export const UPLOAD_EXTENSIONS: Readonly<Record<UploadAccept, readonly string[]>> = {
  files: ["jpg", "jpeg", "gif", "png", "pdf", "txt", "doc", "docx", "xls", "xlsx", "zip", "rar"],
  images: ["jpg", "jpeg", "gif", "png"],
  editorImages: ["jpg", "png"],
  // Documents for electronic signatures (/docs): what the CA publishes to download.
  epDocs: ["pdf", "doc", "docx", "xls", "xlsx", "zip"],
}

export const isUploadAccept = (s: unknown): s is UploadAccept => typeof s === "string" && Object.hasOwn(UPLOAD_EXTENSIONS, s)

/** The `accept` attribute of a file input for the list, e.g. ".jpg,.png". */
export const acceptAttribute = (accept: UploadAccept): string => UPLOAD_EXTENSIONS[accept].map((e) => `.${e}`).join(",")

/** The extension of a file name, lower case, without the dot; "" when there is none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".")
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : ""
}

export const isAllowedFileName = (name: string, accept: UploadAccept): boolean => UPLOAD_EXTENSIONS[accept].includes(extensionOf(name))

/** A file as a request carries it; unknown keys are dropped. */
export const FileValueSchema = Schema.Struct({
  name: Schema.String,
  url: Schema.String,
  size: Schema.optionalKey(Schema.Finite.check(Schema.makeFilter((n: number) => n >= 0))),
  type: Schema.optionalKey(Schema.String),
  isDeleted: Schema.optionalKey(Schema.Boolean),
})

const FileList = Schema.NullOr(Schema.Array(FileValueSchema))

/** The files a rule looks at: those the visitor has not removed. */
const live = (list: readonly FileValue[] | null): readonly FileValue[] => (list ?? []).filter((f) => !f.isDeleted)

const fileRule = (check: (files: readonly FileValue[]) => string | undefined): RuleSchema =>
  FileList.check(Schema.makeFilter((list: readonly FileValue[] | null) => check(live(list))))

/** At least one file, counting files loaded earlier (SPEC.md: "satisfied by already loaded files"). */
export const fileRequired = fileRule((files) => (files.length > 0 ? undefined : v.required))

export const fileCorrectExtension = (accept: UploadAccept = "files"): RuleSchema =>
  fileRule((files) => (files.every((f) => isAllowedFileName(f.name, accept)) ? undefined : v.fileExtension))

/** A file without a known size (loaded earlier) passes; the server measures what it receives. */
export const fileCorrectSize = fileRule((files) => (files.every((f) => (f.size ?? 0) <= FILE_MAX_BYTES) ? undefined : v.fileSize))
