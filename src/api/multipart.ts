/** A value of a multipart part: text, or a file (a File keeps its name; a bare Blob may name one). */
export type MultipartValue = string | number | boolean | Blob | { readonly file: Blob; readonly name: string }

export type MultipartFields = Readonly<Record<string, MultipartValue | readonly MultipartValue[] | null | undefined>>

/**
 * Multipart form data for the API (SPEC.md section 7: the generic helpers "can send multipart form
 * data"): each key is one part, a list several parts of that name; null and undefined are left out.
 * Send it as the body of `api` (ofetch leaves FormData as it is and the browser writes the boundary)
 * or of an XMLHttpRequest (uploads with progress).
 */
export function multipart(fields: MultipartFields): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === null || v === undefined) continue
      if (typeof v === "object" && "file" in v) form.append(name, v.file, v.name)
      else if (v instanceof Blob) form.append(name, v, v instanceof File ? v.name : "blob")
      else form.append(name, String(v))
    }
  }
  return form
}
