import { $isLinkNode, LinkNode } from "@lexical/link"
import { $getNodeByKey, type LexicalEditor } from "lexical"
import { useEffect } from "react"
import { $getLinkStyle, LINK_BUTTON_CLASS } from "./nodes.tsx"

/**
 * Shows a button-styled link as one while editing: LinkNode draws a plain <a>, so the class that the
 * saved HTML carries (nodes.tsx) is put on the editor's own element whenever a link is created or changed.
 */
export function useLinkStyles(editor: LexicalEditor): void {
  useEffect(
    () =>
      editor.registerMutationListener(LinkNode, (mutations) => {
        editor.read(() => {
          for (const [key, mutation] of mutations) {
            if (mutation === "destroyed") continue
            const node = $getNodeByKey(key)
            const element = editor.getElementByKey(key)
            if ($isLinkNode(node) && element) element.classList.toggle(LINK_BUTTON_CLASS, $getLinkStyle(node) === "button")
          }
        })
      }),
    [editor],
  )
}
