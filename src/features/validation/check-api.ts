import type { CheckFiles, CheckMode, CheckReport } from "../../../machines/signature-check.machine.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { validationMessages } from "../../../schemas/messages/validation.ts"
import { API_BASE } from "../../api/client.ts"
import { toClientError } from "../../api/errors.ts"
import { multipart } from "../../api/multipart.ts"

const PATHS: Readonly<Record<CheckMode, string>> = {
  certificate: "/api/v1/svs/certificates/validate/",
  signature: "/api/v1/svs/signatures/validate/",
}


/** A refusal as the machine takes it: the 422's field errors, else one Russian message. */
function failure(status: number, text: string): CheckReport {
  let data: unknown = text
  try {
    data = JSON.parse(text)
  } catch {
    // A plain-text body is the message itself (SPEC.md section 8).
  }
  const errors = (data as { errors?: Record<string, string[]> } | null)?.errors
  if (status === 422 && errors && typeof errors === "object") return { type: "FAILED", message: Object.values(errors).flat()[0] ?? messages.http.unknown, errors }
  const mapped = toClientError(data, status)
  return { type: "FAILED", message: mapped.message === messages.http.unknown ? validationMessages.page.failed : mapped.message }
}

/**
 * Sends the files to the validation API with XMLHttpRequest (fetch reports no upload progress):
 * PROGRESS while the body goes, then CHECKED with the report, or FAILED. Public: no token is sent.
 * Answers a function that aborts the request.
 */
export function sendCheck(mode: CheckMode, files: CheckFiles, report: (e: CheckReport) => void): () => void {
  const xhr = new XMLHttpRequest()
  let finished = false
  xhr.open("POST", API_BASE + PATHS[mode])
  xhr.setRequestHeader("Accept", "application/json")
  xhr.upload.onprogress = (e) => {
    if (e.lengthComputable && e.total > 0) report({ type: "PROGRESS", percent: (e.loaded / e.total) * 100 })
  }
  xhr.onload = () => {
    finished = true
    if (xhr.status !== 200) return report(failure(xhr.status, xhr.responseText))
    try {
      report({ type: "CHECKED", report: JSON.parse(xhr.responseText) as unknown })
    } catch {
      report({ type: "FAILED", message: validationMessages.page.failed })
    }
  }
  xhr.onerror = () => {
    finished = true
    report({ type: "FAILED", message: validationMessages.page.connection })
  }
  const fields: Record<string, { file: Blob; name: string }> = {}
  for (const [name, file] of Object.entries(files)) if (file instanceof File) fields[name] = { file, name: file.name }
  xhr.send(multipart(fields))
  return () => {
    if (!finished) xhr.abort()
  }
}
