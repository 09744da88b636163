import { $createLinkNode, $isLinkNode, LinkNode } from "@lexical/link"
import {
  $applyNodeReplacement,
  $getState,
  $setState,
  createState,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type HTMLConfig,
  type LexicalEditor,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from "lexical"
import type { JSX } from "react"
import { EDITOR_LINK_BUTTON_CLASS } from "../../../../schemas/constants.ts"
import { image as imageClass } from "./editor.css.ts"

/**
 * The class a button-styled link carries in the saved HTML. A fixed name, not a generated one: the
 * site's pages style `a.link-button` in the HTML the editor saves (and the server's sanitizer keeps it).
 */
export const LINK_BUTTON_CLASS = EDITOR_LINK_BUTTON_CLASS

export type LinkStyle = "link" | "button"

/** How a link looks (SPEC.md section 9: plain link or button), kept as node state on the LinkNode. */
export const linkStyleState = createState("linkStyle", {
  parse: (v): LinkStyle => (v === "button" ? "button" : "link"),
})

export const $getLinkStyle = (node: LinkNode): LinkStyle => $getState(node, linkStyleState)
export const $setLinkStyle = (node: LinkNode, style: LinkStyle) => $setState(node, linkStyleState, style)

/** Every link opens in a new tab (SPEC.md section 9), without giving the new page a handle on ours. */
export const LINK_ATTRIBUTES = { target: "_blank", rel: "noopener noreferrer" } as const

export type SerializedImageNode = Spread<{ src: string; alt: string }, SerializedLexicalNode>

/** An image in the text: an <img> with the uploaded file's address. */
export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string
  __alt: string

  static override getType(): string {
    return "image"
  }

  static override clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__src, node.__alt, node.__key)
  }

  static override importJSON(json: SerializedImageNode): ImageNode {
    return $createImageNode(json.src, json.alt)
  }

  static override importDOM(): DOMConversionMap {
    return {
      img: () => ({
        conversion: (el) => {
          const src = (el as HTMLImageElement).getAttribute("src")
          return { node: src ? $createImageNode(src, (el as HTMLImageElement).getAttribute("alt") ?? "") : null }
        },
        priority: 0,
      }),
    }
  }

  constructor(src: string, alt: string, key?: NodeKey) {
    super(key)
    this.__src = src
    this.__alt = alt
  }

  override exportJSON(): SerializedImageNode {
    return { ...super.exportJSON(), type: "image", version: 1, src: this.__src, alt: this.__alt }
  }

  override exportDOM(): DOMExportOutput {
    const img = document.createElement("img")
    img.setAttribute("src", this.__src)
    img.setAttribute("alt", this.__alt)
    return { element: img }
  }

  override createDOM(): HTMLElement {
    return document.createElement("span")
  }

  override updateDOM(): false {
    return false
  }

  override isInline(): boolean {
    return true
  }

  override decorate(): JSX.Element {
    return <img className={imageClass} src={this.__src} alt={this.__alt} />
  }
}

export function $createImageNode(src: string, alt: string): ImageNode {
  return $applyNodeReplacement(new ImageNode(src, alt))
}

export const $isImageNode = (node: LexicalNode | null | undefined): node is ImageNode => node instanceof ImageNode

/**
 * HTML in and out: a link's style travels as the `link-button` class of its <a>, which LinkNode
 * itself does not keep.
 */
export const editorHtmlConfig: HTMLConfig = {
  export: new Map([
    [
      LinkNode,
      (editor: LexicalEditor, node: LexicalNode): DOMExportOutput => {
        const out = (node as LinkNode).exportDOM(editor)
        if ($isLinkNode(node) && $getLinkStyle(node) === "button" && out.element instanceof HTMLElement) out.element.classList.add(LINK_BUTTON_CLASS)
        return out
      },
    ],
  ]),
  import: {
    a: () => ({
      conversion: (el) => {
        const a = el as HTMLAnchorElement
        const text = a.textContent ?? ""
        if (text === "" && a.children.length === 0) return { node: null }
        const link = $createLinkNode(a.getAttribute("href") ?? "", { ...LINK_ATTRIBUTES, title: a.getAttribute("title") })
        $setLinkStyle(link, a.classList.contains(LINK_BUTTON_CLASS) ? "button" : "link")
        return { node: link }
      },
      priority: 2,
    }),
  },
}
