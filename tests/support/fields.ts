import type { Locator } from "playwright-core"

/** The error text a control points at through aria-describedby (its `…-error` element; a hint may come first). */
export async function errorTextOf(field: Locator): Promise<string> {
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean)
  const id = ids.find((i) => i.endsWith("-error")) ?? ids[ids.length - 1]
  if (!id) return ""
  return (await field.page().locator(`[id="${id}"]`).textContent()) ?? ""
}

/** Picks a file as a visitor does: the field's button (named by its label) opens the file dialog. */
export async function chooseFile(button: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = button.page().waitForEvent("filechooser")
  await button.click()
  await (await chooser).setFiles(file)
}
