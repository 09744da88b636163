import type { Draft } from "../../../../machines/editor-draft.machine.ts"

/** The localStorage key of an editor's draft: one per page, form and field. */
export const draftKey = (path: string, controlId: string) => `editor-draft:${path}:${controlId}`

/** The draft under `key`, or null when there is none or it is unreadable. */
export function readDraft(key: string): Draft | null {
  const raw = localStorage.getItem(key)
  if (raw === null) return null
  try {
    const d = JSON.parse(raw) as Partial<Draft>
    return typeof d.html === "string" && typeof d.savedAt === "number" ? { html: d.html, savedAt: d.savedAt } : null
  } catch {
    return null
  }
}

/** Saves the HTML with the time of saving; throws when the storage is full or off. */
export function writeDraft(key: string, html: string): void {
  localStorage.setItem(key, JSON.stringify({ html, savedAt: Date.now() } satisfies Draft))
}

export function removeDraft(key: string): void {
  localStorage.removeItem(key)
}
