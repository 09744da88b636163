import { $isLinkNode, $toggleLink, type LinkNode } from "@lexical/link"
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, REMOVE_LIST_COMMAND } from "@lexical/list"
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext"
import { $createHeadingNode, $isHeadingNode } from "@lexical/rich-text"
import { $setBlocksType } from "@lexical/selection"
import { $findMatchingParent, mergeRegister } from "@lexical/utils"
import {
  $createParagraphNode,
  $createTextNode,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  $setSelection,
  type BaseSelection,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  type LexicalNode,
  REDO_COMMAND,
  UNDO_COMMAND,
} from "lexical"
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react"
import { messages } from "../../../../schemas/messages/common.ts"
import { widgetMessages } from "../../../../schemas/messages/widget.ts"
import { acceptAttribute, FILE_MAX_BYTES, isAllowedFileName } from "../../../../schemas/rules/files.ts"
import { uploadEditorImage } from "../services/images.ts"
import * as css from "./editor.css.ts"
import { LinkDialog, type LinkChoice } from "./LinkDialog.tsx"
import { $createImageNode, $getLinkStyle, $setLinkStyle, LINK_ATTRIBUTES } from "./nodes.tsx"

const t = widgetMessages.editor

type Block = "paragraph" | "h2" | "h3" | "bullet" | "number"

interface Formats {
  readonly bold: boolean
  readonly italic: boolean
  readonly block: Block
  readonly link: LinkChoice | null
}

const NO_FORMATS: Formats = { bold: false, italic: false, block: "paragraph", link: null }

const $linkOf = (node: LexicalNode): LinkNode | null => ($isLinkNode(node) ? node : $findMatchingParent(node, $isLinkNode))

/** What the selection is: its text formats, its block and the link it sits in. */
function $readFormats(): Formats {
  const selection = $getSelection()
  if (!$isRangeSelection(selection)) return NO_FORMATS
  const anchor = selection.anchor.getNode()
  const top = anchor.getKey() === "root" ? null : anchor.getTopLevelElement()
  const block: Block = $isListNode(top)
    ? top.getListType() === "number"
      ? "number"
      : "bullet"
    : $isHeadingNode(top) && top.getTag() === "h2"
      ? "h2"
      : $isHeadingNode(top) && top.getTag() === "h3"
        ? "h3"
        : "paragraph"
  const link = $linkOf(anchor)
  return {
    bold: selection.hasFormat("bold"),
    italic: selection.hasFormat("italic"),
    block,
    link: link ? { url: link.getURL(), style: $getLinkStyle(link) } : null,
  }
}

interface ToolButtonProps {
  readonly id: string
  readonly label: string
  readonly pressed?: boolean
  readonly disabled?: boolean
  readonly tabStop: string
  readonly onPress: () => void
  readonly children: ReactNode
}

/** A toolbar button: named by aria-label, its state by aria-pressed; keeps the editor's selection on click. */
function ToolButton({ id, label, pressed, disabled, tabStop, onPress, children }: ToolButtonProps) {
  return (
    <button
      type="button"
      className={css.toolButton}
      data-tool={id}
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      tabIndex={tabStop === id ? 0 : -1}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPress}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  )
}

/**
 * The editor's toolbar (WAI-ARIA toolbar: one tab stop, arrows move between buttons): bold, italic,
 * paragraph and headings, lists, link (plain or button, opens in a new tab), image (jpg or png,
 * uploaded to the CRM image store), undo and redo.
 */
export function Toolbar({ slug, disabled }: { slug: string; disabled: boolean }) {
  const [editor] = useLexicalComposerContext()
  const [formats, setFormats] = useState<Formats>(NO_FORMATS)
  const [canUndo, setCanUndo] = useState(false)
  const [canRedo, setCanRedo] = useState(false)
  const [focused, setFocused] = useState("bold")
  const [dialog, setDialog] = useState<LinkChoice | null>(null)
  const [imageStatus, setImageStatus] = useState<{ kind: "uploading" } | { kind: "error"; message: string } | null>(null)
  const saved = useRef<BaseSelection | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const bar = useRef<HTMLDivElement>(null)

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => setFormats(editorState.read($readFormats, { editor }))),
        editor.registerCommand(CAN_UNDO_COMMAND, (v) => (setCanUndo(v), false), COMMAND_PRIORITY_LOW),
        editor.registerCommand(CAN_REDO_COMMAND, (v) => (setCanRedo(v), false), COMMAND_PRIORITY_LOW),
      ),
    [editor],
  )

  const setBlock = (block: Block) => {
    if (block === "bullet" || block === "number") {
      if (formats.block === block) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined)
      else editor.dispatchCommand(block === "bullet" ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined)
      return
    }
    editor.update(() => {
      const selection = $getSelection()
      if ($isRangeSelection(selection)) $setBlocksType(selection, () => (block === "paragraph" ? $createParagraphNode() : $createHeadingNode(block)))
    })
  }

  const openLink = () => {
    saved.current = editor.read(() => $getSelection()?.clone() ?? null)
    setDialog(formats.link ?? { url: "", style: "link" })
  }

  const applyLink = ({ url, style }: LinkChoice) => {
    setDialog(null)
    editor.update(() => {
      if (saved.current) $setSelection(saved.current.clone())
      const selection = $getSelection()
      if (!$isRangeSelection(selection)) return
      const current = $linkOf(selection.anchor.getNode())
      if (selection.isCollapsed() && current) {
        current.setURL(url)
        $setLinkStyle(current, style)
        return
      }
      if (selection.isCollapsed()) {
        // Nothing selected: the address itself becomes the link's text.
        const text = $createTextNode(url)
        $insertNodes([text])
        text.select(0, url.length)
      }
      $toggleLink(url, LINK_ATTRIBUTES)
      const after = $getSelection()
      if ($isRangeSelection(after)) for (const node of after.getNodes()) {
        const link = $linkOf(node)
        if (link) $setLinkStyle(link, style)
      }
    })
    editor.focus()
  }

  const unlink = () => editor.update(() => $toggleLink(null))

  const insertImage = async (file: File) => {
    if (!isAllowedFileName(file.name, "editorImages")) return setImageStatus({ kind: "error", message: messages.validation.fileExtension })
    if (file.size > FILE_MAX_BYTES) return setImageStatus({ kind: "error", message: messages.validation.fileSize })
    const selection = editor.read(() => $getSelection()?.clone() ?? null)
    setImageStatus({ kind: "uploading" })
    try {
      const url = await uploadEditorImage(file, slug)
      setImageStatus(null)
      editor.update(() => {
        if (selection) $setSelection(selection)
        $insertNodes([$createImageNode(url, file.name.replace(/\.[^.]+$/, ""))])
      })
    } catch (err) {
      setImageStatus({ kind: "error", message: err instanceof Error ? err.message : String(err) })
    }
  }

  // Arrows, Home and End move between the buttons; Tab leaves the toolbar.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(bar.current?.querySelectorAll<HTMLButtonElement>("button:not(:disabled)") ?? [])]
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
    const next =
      e.key === "ArrowRight" ? buttons[(at + 1) % buttons.length] : e.key === "ArrowLeft" ? buttons[(at - 1 + buttons.length) % buttons.length] : e.key === "Home" ? buttons[0] : e.key === "End" ? buttons.at(-1) : undefined
    if (!next) return
    e.preventDefault()
    next.focus()
  }

  // The tab stop is the button last focused, or the first one when that one is off now.
  const off: Readonly<Record<string, boolean>> = { unlink: formats.link === null, image: imageStatus?.kind === "uploading", undo: !canUndo, redo: !canRedo }
  const tool = { tabStop: off[focused] ? "bold" : focused, disabled }
  return (
    <>
      <div
        ref={bar}
        role="toolbar"
        aria-label={t.toolbar}
        className={css.toolbar}
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          const id = (e.target as HTMLElement).dataset.tool
          if (id) setFocused(id)
        }}
      >
        <ToolButton {...tool} id="bold" label={t.bold} pressed={formats.bold} onPress={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "bold")}>
          <span className={css.bold}>Ж</span>
        </ToolButton>
        <ToolButton {...tool} id="italic" label={t.italic} pressed={formats.italic} onPress={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "italic")}>
          <span className={css.italic}>К</span>
        </ToolButton>
        <span className={css.separator} />
        <ToolButton {...tool} id="paragraph" label={t.paragraph} pressed={formats.block === "paragraph"} onPress={() => setBlock("paragraph")}>
          ¶
        </ToolButton>
        <ToolButton {...tool} id="h2" label={t.heading(2)} pressed={formats.block === "h2"} onPress={() => setBlock("h2")}>
          H2
        </ToolButton>
        <ToolButton {...tool} id="h3" label={t.heading(3)} pressed={formats.block === "h3"} onPress={() => setBlock("h3")}>
          H3
        </ToolButton>
        <ToolButton {...tool} id="bullet" label={t.bulletList} pressed={formats.block === "bullet"} onPress={() => setBlock("bullet")}>
          •≡
        </ToolButton>
        <ToolButton {...tool} id="number" label={t.numberList} pressed={formats.block === "number"} onPress={() => setBlock("number")}>
          1.≡
        </ToolButton>
        <span className={css.separator} />
        <ToolButton {...tool} id="link" label={t.link} pressed={formats.link !== null} onPress={openLink}>
          {t.link}
        </ToolButton>
        <ToolButton {...tool} id="unlink" label={t.unlink} disabled={disabled || formats.link === null} onPress={unlink}>
          {t.unlink}
        </ToolButton>
        <ToolButton {...tool} id="image" label={t.image} disabled={disabled || imageStatus?.kind === "uploading"} onPress={() => fileInput.current?.click()}>
          {t.imageShort}
        </ToolButton>
        <span className={css.separator} />
        <ToolButton {...tool} id="undo" label={t.undo} disabled={disabled || !canUndo} onPress={() => editor.dispatchCommand(UNDO_COMMAND, undefined)}>
          ↶
        </ToolButton>
        <ToolButton {...tool} id="redo" label={t.redo} disabled={disabled || !canRedo} onPress={() => editor.dispatchCommand(REDO_COMMAND, undefined)}>
          ↷
        </ToolButton>
        <input
          ref={fileInput}
          type="file"
          hidden
          tabIndex={-1}
          aria-hidden="true"
          accept={acceptAttribute("editorImages")}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0]
            e.currentTarget.value = ""
            if (file) void insertImage(file)
          }}
        />
      </div>
      {imageStatus?.kind === "uploading" ? (
        <p className={css.status} role="status">
          {t.imageUploading}
        </p>
      ) : imageStatus?.kind === "error" ? (
        <p className={css.error} role="alert">
          {imageStatus.message}
        </p>
      ) : null}
      {dialog ? <LinkDialog initial={dialog} onApply={applyLink} onClose={() => setDialog(null)} /> : null}
    </>
  )
}
