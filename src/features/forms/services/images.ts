import { widgetMessages } from "../../../../schemas/messages/widget.ts"
import { api } from "../../../api/client.ts"
import { multipart } from "../../../api/multipart.ts"

const t = widgetMessages.editor

/**
 * Uploads an editor image to `POST /api/v2/crm/images` (multipart `slug` and `image`, with the admin
 * bearer token the API client adds) and answers its address. Errors as SPEC.md section 8 words them:
 * any status but 200 is 'HTTP Error: {status}', an answer that is not JSON with a url 'Invalid JSON: {body}'.
 */
export async function uploadEditorImage(file: File, slug: string): Promise<string> {
  const body = multipart({ slug, image: file })
  let res: Awaited<ReturnType<typeof api.raw<string, "text">>>
  try {
    res = await api.raw<string, "text">("/api/v2/crm/images", { method: "POST", body, responseType: "text", ignoreResponseError: true })
  } catch {
    // No answer at all (the connection failed): there is no status to report.
    throw new Error(widgetMessages.upload.failed)
  }
  if (res.status !== 200) throw new Error(t.httpError(res.status))
  const text = typeof res._data === "string" ? res._data : ""
  let url: unknown
  try {
    url = (JSON.parse(text) as { url?: unknown } | null)?.url
  } catch {
    throw new Error(t.invalidJson(text))
  }
  if (typeof url !== "string" || url === "") throw new Error(t.invalidJson(text))
  return url
}
