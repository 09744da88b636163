import type { FileValue, UploadAccept } from "../../../../schemas/forms/types.ts"
import { messages } from "../../../../schemas/messages/common.ts"
import { widgetMessages } from "../../../../schemas/messages/widget.ts"
import { API_BASE, api, currentAuthorization } from "../../../api/client.ts"
import { toClientError } from "../../../api/errors.ts"
import { multipart } from "../../../api/multipart.ts"
import { endsSession, reportUnauthorized } from "../../../api/unauthorized.ts"
import { saveBlob } from "../../../api/download.ts"

export interface UploadCallbacks {
  /** Percent of the body sent so far, 0..100. */
  readonly onProgress: (percent: number) => void
  readonly onDone: (file: FileValue) => void
  /** A Russian message for the visitor. */
  readonly onFail: (message: string) => void
}

/** The upload's failure text: the server's message about the file (422), else the section 8 mapping. */
function failureText(status: number, body: string): string {
  let data: unknown = body
  try {
    data = JSON.parse(body)
  } catch {
    // A plain-text body is the message itself (SPEC.md section 8).
  }
  const fileErrors = (data as { errors?: { file?: unknown } } | null)?.errors?.file
  if (Array.isArray(fileErrors) && typeof fileErrors[0] === "string") return fileErrors[0]
  const mapped = toClientError(data, status)
  return mapped.message === messages.http.unknown ? widgetMessages.upload.failed : mapped.message
}

const asFileValue = (data: unknown): FileValue | null => {
  const d = data as Partial<FileValue> | null
  if (!d || typeof d.name !== "string" || typeof d.url !== "string") return null
  return { name: d.name, url: d.url, ...(typeof d.size === "number" ? { size: d.size } : {}), ...(typeof d.type === "string" ? { type: d.type } : {}) }
}

/**
 * Sends one file to `POST /api/v1/uploads/` (multipart field `file`) with the Authorization header the
 * API client would send (bearer token, or basic authentication when configured). XMLHttpRequest, because fetch reports no upload progress.
 * With `publicAccept` (a CRM field with `publicFile`), to `POST /api/v2/crm/files` with that list as `accept`:
 * a file the site publishes. Answers a function that aborts the request.
 */
export function sendUpload(file: File, callbacks: UploadCallbacks, publicAccept?: UploadAccept): () => void {
  const xhr = new XMLHttpRequest()
  const authorization = currentAuthorization()
  let finished = false
  xhr.open("POST", publicAccept ? `${API_BASE}/api/v2/crm/files` : `${API_BASE}/api/v1/uploads/`)
  xhr.setRequestHeader("Accept", "application/json")
  if (authorization) xhr.setRequestHeader("Authorization", authorization)
  xhr.upload.onprogress = (e) => {
    if (e.lengthComputable && e.total > 0) callbacks.onProgress((e.loaded / e.total) * 100)
  }
  xhr.onload = () => {
    finished = true
    if (xhr.status === 401 && endsSession(xhr.getResponseHeader("www-authenticate"))) reportUnauthorized()
    if (xhr.status === 200 || xhr.status === 201) {
      let stored: FileValue | null
      try {
        stored = asFileValue(JSON.parse(xhr.responseText))
      } catch {
        stored = null
      }
      if (stored) callbacks.onDone(stored)
      else callbacks.onFail(widgetMessages.upload.failed)
      return
    }
    callbacks.onFail(failureText(xhr.status, xhr.responseText))
  }
  xhr.onerror = () => {
    finished = true
    callbacks.onFail(widgetMessages.upload.failed)
  }
  xhr.send(multipart(publicAccept ? { file, accept: publicAccept } : { file }))
  return () => {
    if (!finished) xhr.abort()
  }
}

/**
 * Saves an uploaded file to the visitor's disk. Files under /api/ are given only with the bearer
 * token, which a plain link does not send: the file is fetched through the API client instead.
 */
export async function downloadUpload(file: FileValue): Promise<void> {
  const blob = await api<Blob, "blob">(file.url, { responseType: "blob" })
  saveBlob(blob, file.name)
}
