import { api, call } from "./client.ts"

/** A private file of the API (owner-only, needs the bearer token a plain link cannot send): fetched as a blob and saved under its name. */
export async function downloadFile(file: { readonly url: string; readonly name: string }): Promise<void> {
  const blob = await call(() => api<Blob, "blob">(file.url, { responseType: "blob" }))
  const href = URL.createObjectURL(blob)
  const a = document.createElement("a")
  a.href = href
  a.download = file.name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
}
