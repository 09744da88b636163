import { api, call } from "./client.ts"

/** Saves a blob to the visitor's disk under `name` (a link clicked in the page, its address released afterwards). */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob)
  const a = document.createElement("a")
  a.href = href
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
}

/** A private file of the API (owner-only, needs the bearer token a plain link cannot send): fetched as a blob and saved under its name. */
export async function downloadFile(file: { readonly url: string; readonly name: string }): Promise<void> {
  saveBlob(await call(() => api<Blob, "blob">(file.url, { responseType: "blob" })), file.name)
}
