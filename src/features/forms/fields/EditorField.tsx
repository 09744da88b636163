import { LinkNode } from "@lexical/link"
import { ListItemNode, ListNode } from "@lexical/list"
import { LexicalComposer } from "@lexical/react/LexicalComposer"
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext"
import { ContentEditable } from "@lexical/react/LexicalContentEditable"
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary"
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin"
import { LinkPlugin } from "@lexical/react/LexicalLinkPlugin"
import { ListPlugin } from "@lexical/react/LexicalListPlugin"
import { OnChangePlugin } from "@lexical/react/LexicalOnChangePlugin"
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin"
import { HeadingNode } from "@lexical/rich-text"
import { useActorRef } from "@xstate/react"
import { HISTORY_MERGE_TAG } from "lexical"
import { useEffect, useLayoutEffect, useRef, useState } from "react"
import { label as labelClass } from "../../../ui/field.css.ts"
import { isLinkUrl } from "../editor/LinkDialog.tsx"
import { DraftNotice, drafter } from "../editor/DraftNotice.tsx"
import * as css from "../editor/editor.css.ts"
import { $setHtml, htmlOf } from "../editor/html.ts"
import { editorHtmlConfig, ImageNode, LINK_ATTRIBUTES } from "../editor/nodes.tsx"
import { Toolbar } from "../editor/Toolbar.tsx"
import { useLinkStyles } from "../editor/use-link-styles.ts"
import type { FieldProps } from "../field-props.ts"
import { draftKey } from "../services/drafts.ts"
import { describedBy, FieldFrame, isRequired, labelIdOf } from "./FieldFrame.tsx"

/**
 * The rich-text editor (`editor`, Lexical): HTML in the value, a toolbar (bold, italic, headings,
 * lists, links opening in a new tab as a plain link or a button, jpg/png images), 500 px high. A
 * draft is kept in localStorage every 60 s and offered back on the next opening within 30 minutes.
 * Loaded with the first form that has one (fields/registry.ts), so Lexical stays in its own chunk.
 */
export function EditorField(props: FieldProps<string>) {
  const { field, id, value } = props
  const html = typeof value === "string" ? value : ""
  const [initialConfig] = useState(() => ({
    namespace: `editor-${id}`,
    nodes: [HeadingNode, ListNode, ListItemNode, LinkNode, ImageNode],
    html: editorHtmlConfig,
    theme: {},
    editorState: (editor: Parameters<typeof $setHtml>[0]) => $setHtml(editor, html),
    onError: (error: Error) => {
      throw error
    },
  }))
  return (
    <FieldFrame
      id={id}
      field={field}
      errors={props.errors}
      label={
        field.label ? (
          <span id={labelIdOf(id)} className={labelClass}>
            {field.label}
          </span>
        ) : undefined
      }
    >
      <LexicalComposer initialConfig={initialConfig}>
        <EditorBody {...props} />
      </LexicalComposer>
    </FieldFrame>
  )
}

function EditorBody({ field, id, value, errors, disabled, onChange, onBlur }: FieldProps<string>) {
  const [editor] = useLexicalComposerContext()
  const html = typeof value === "string" ? value : ""
  // The draft compares with the content as the editor writes it, not as the value arrived.
  const [start] = useState(() => ({ key: draftKey(typeof location === "undefined" ? "" : location.pathname, id), html: htmlOf(editor) }))
  const draft = useActorRef(drafter, { input: { key: start.key, value: start.html } })
  /** The value this editor last reported, and the value seen at the last render. */
  const emitted = useRef<string | null>(null)
  const seen = useRef(html)

  useLinkStyles(editor)

  useEffect(() => {
    editor.setEditable(!disabled)
  }, [editor, disabled])

  useEffect(() => {
    const sub = draft.on("restore", ({ html: restored }) => editor.update(() => $setHtml(editor, restored)))
    return () => sub.unsubscribe()
  }, [draft, editor])

  // A value the host set (a reset, a record loaded later) replaces the content.
  useLayoutEffect(() => {
    if (html === seen.current) return
    seen.current = html
    if (html !== emitted.current) editor.update(() => $setHtml(editor, html), { tag: HISTORY_MERGE_TAG })
  }, [editor, html])

  const slug = field.attributes?.slug ?? field.name
  const invalid = errors.length > 0
  const surface = {
    id,
    className: css.content,
    "aria-labelledby": field.label ? labelIdOf(id) : undefined,
    "aria-describedby": describedBy(id, field, errors),
    "aria-invalid": invalid,
    "aria-required": isRequired(field) || undefined,
    "aria-multiline": true,
    onBlur,
  }
  return (
    <div className={css.root} data-invalid={invalid}>
      <Toolbar slug={slug} disabled={disabled} />
      <DraftNotice actor={draft} disabled={disabled} />
      <div className={css.scroller}>
        <RichTextPlugin
          contentEditable={
            field.placeholder ? (
              <ContentEditable {...surface} aria-placeholder={field.placeholder} placeholder={<div className={css.placeholder}>{field.placeholder}</div>} />
            ) : (
              <ContentEditable {...surface} />
            )
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
      </div>
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={isLinkUrl} attributes={LINK_ATTRIBUTES} />
      <OnChangePlugin
        ignoreSelectionChange
        onChange={(_, ed) => {
          const next = htmlOf(ed)
          if (next === emitted.current) return
          emitted.current = next
          onChange(next)
          draft.send({ type: "CHANGE", html: next })
        }}
      />
    </div>
  )
}
