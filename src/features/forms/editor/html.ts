import { $generateHtmlFromNodes, $generateNodesFromDOM } from "@lexical/html"
import { $createParagraphNode, $getRoot, $insertNodes, $isElementNode, type LexicalEditor } from "lexical"

/** An editor with nothing in it (one empty paragraph) holds "", so `required` sees it as empty. */
function $isBlank(): boolean {
  return $getRoot()
    .getChildren()
    .every((node) => $isElementNode(node) && node.getType() === "paragraph" && node.isEmpty())
}

/** The editor's content as HTML (the field's value). */
export const htmlOf = (editor: LexicalEditor): string => editor.read(() => ($isBlank() ? "" : $generateHtmlFromNodes(editor)))

/** Replaces the content with `html`; call inside `editor.update`. */
export function $setHtml(editor: LexicalEditor, html: string): void {
  const root = $getRoot()
  root.clear()
  if (html.trim() !== "") {
    const dom = new DOMParser().parseFromString(html, "text/html")
    root.select()
    $insertNodes($generateNodesFromDOM(editor, dom))
  }
  if (root.isEmpty()) root.append($createParagraphNode())
}
